//! The tables on disk: built once, stored in the user's cache directory, and
//! checked on every load (magic, sizes, checksum, value ranges) so a corrupt or
//! truncated file is rebuilt instead of trusted.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use thiserror::Error;

use super::coord::{N_CPERM, N_FLIP, N_SLICE, N_SLICE_PERM, N_SLICE_POS, N_TWIST, N_UDEDGE};
use super::cubie::N_MOVES;
use super::tables::{N_P2, Tables};

/// File header; the trailing digit is the format version.
const MAGIC: &[u8; 16] = b"cubetui-2phase-1";
/// File name inside the cache directory.
pub const FILE_NAME: &str = "reference-tables-v1.bin";

/// Why a cache file was not used.
#[derive(Debug, Error)]
pub enum CacheError {
    #[error("cannot read or write {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("{path} is not a table file of this version")]
    BadHeader { path: PathBuf },
    #[error("{path} is truncated or has the wrong size ({len} bytes, expected {expected})")]
    BadSize {
        path: PathBuf,
        len: usize,
        expected: usize,
    },
    #[error("{path} is corrupt (checksum mismatch)")]
    BadChecksum { path: PathBuf },
    #[error("{path} is corrupt (table `{table}` holds an impossible value)")]
    BadValue { path: PathBuf, table: &'static str },
}

/// 64-bit FNV-1a, enough to notice a damaged file.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// (name, entries, largest allowed value) of each u16 move table, in file order.
const MOVE_TABLES: [(&str, usize, usize); 5] = [
    ("twist", N_TWIST * N_MOVES, N_TWIST),
    ("flip", N_FLIP * N_MOVES, N_FLIP),
    ("slice", N_SLICE * N_MOVES, N_SLICE),
    ("cperm", N_CPERM * N_MOVES, N_CPERM),
    ("udedge", N_UDEDGE * N_P2, N_UDEDGE),
];
/// (name, entries) of each u8 pruning table, in file order.
const PRUNE_TABLES: [(&str, usize); 5] = [
    ("twist-slice", N_TWIST * N_SLICE_POS),
    ("flip-slice", N_FLIP * N_SLICE_POS),
    ("twist-flip", N_TWIST * N_FLIP),
    ("cperm-slice", N_CPERM * N_SLICE_PERM),
    ("udedge-slice", N_UDEDGE * N_SLICE_PERM),
];
/// Largest distance any pruning table can hold (the phase-2 diameter).
const MAX_DISTANCE: u8 = 18;

fn expected_len() -> usize {
    let moves: usize = MOVE_TABLES.iter().map(|t| t.1 * 2).sum();
    let prune: usize = PRUNE_TABLES.iter().map(|t| t.1).sum();
    MAGIC.len() + moves + prune + 8
}

/// The file image of `t`.
pub fn to_bytes(t: &Tables) -> Vec<u8> {
    let mut out = Vec::with_capacity(expected_len());
    out.extend_from_slice(MAGIC);
    for table in [
        &t.twist_mv,
        &t.flip_mv,
        &t.slice_mv,
        &t.cperm_mv,
        &t.udedge_mv,
    ] {
        for v in table.iter() {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    for table in [
        &t.twist_slice_pr,
        &t.flip_slice_pr,
        &t.twist_flip_pr,
        &t.cperm_slice_pr,
        &t.udedge_slice_pr,
    ] {
        out.extend_from_slice(table);
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads a file image, checking everything a damaged file could break.
pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Tables, CacheError> {
    let path = || path.to_path_buf();
    if !bytes.starts_with(MAGIC) {
        return Err(CacheError::BadHeader { path: path() });
    }
    if bytes.len() != expected_len() {
        return Err(CacheError::BadSize {
            path: path(),
            len: bytes.len(),
            expected: expected_len(),
        });
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if fnv1a(body) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
        return Err(CacheError::BadChecksum { path: path() });
    }
    let mut at = MAGIC.len();
    let mut moves = Vec::new();
    for (name, n, limit) in MOVE_TABLES {
        let table: Vec<u16> = body[at..at + 2 * n]
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        if table.iter().any(|&v| v as usize >= limit) {
            return Err(CacheError::BadValue {
                path: path(),
                table: name,
            });
        }
        moves.push(table);
        at += 2 * n;
    }
    let mut prune = Vec::new();
    for (name, n) in PRUNE_TABLES {
        let table = body[at..at + n].to_vec();
        if table.iter().any(|&v| v > MAX_DISTANCE) {
            return Err(CacheError::BadValue {
                path: path(),
                table: name,
            });
        }
        prune.push(table);
        at += n;
    }
    let moves = <[Vec<u16>; 5]>::try_from(moves).expect("five move tables");
    let prune = <[Vec<u8>; 5]>::try_from(prune).expect("five pruning tables");
    let t = Tables::assemble(moves, prune);
    // G1 moves keep the slice edges home: a slice order must stay below 24.
    if t.slice2_mv.iter().any(|&s| s as usize >= N_SLICE_PERM) {
        return Err(CacheError::BadValue {
            path: path(),
            table: "slice",
        });
    }
    Ok(t)
}

/// Loads the tables stored at `path`.
pub fn load(path: &Path) -> Result<Tables, CacheError> {
    let bytes = fs::read(path).map_err(|source| CacheError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    from_bytes(&bytes, path)
}

/// Stores `t` at `path`, through a temporary file renamed into place so a
/// reader never sees half a file.
pub fn store(path: &Path, t: &Tables) -> Result<(), CacheError> {
    let io = |source| CacheError::Io {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(io)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    fs::write(&tmp, to_bytes(t)).map_err(io)?;
    fs::rename(&tmp, path).map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io(e)
    })
}

/// Where tables for `build` go: `<user cache dir>/cubetui/FILE_NAME`, or `None`
/// when the platform has no cache directory.
pub fn default_path() -> Option<PathBuf> {
    dirs::cache_dir().map(|d| d.join("cubetui").join(FILE_NAME))
}

/// How the tables were obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Read from a valid cache file.
    Loaded,
    /// Built (no cache, or the cache was missing, damaged or unwritable).
    Built,
}

/// The tables at `path` if that file is valid; otherwise builds them (saying
/// so on stderr, with the reason a file was not used) and stores them there.
/// Never fails: a cache problem only costs the build time.
pub fn load_or_build(path: Option<&Path>) -> (Tables, Source) {
    let reason = match path.map(load) {
        Some(Ok(t)) => return (t, Source::Loaded),
        Some(Err(CacheError::Io { source, .. })) if source.kind() == io::ErrorKind::NotFound => {
            None
        }
        Some(Err(e)) => Some(e.to_string()),
        None => None,
    };
    if let Some(reason) = reason {
        eprintln!("cubetui: {reason}; rebuilding it");
    }
    eprintln!("cubetui: building the two-phase tables (once; about a second) …");
    let started = Instant::now();
    let t = Tables::build();
    match path {
        Some(p) => match store(p, &t) {
            Ok(()) => eprintln!(
                "cubetui: tables built in {:.1} s, cached in {}",
                started.elapsed().as_secs_f64(),
                p.display()
            ),
            Err(e) => eprintln!("cubetui: tables built but not cached: {e}"),
        },
        None => eprintln!(
            "cubetui: tables built in {:.1} s (no cache directory on this system)",
            started.elapsed().as_secs_f64()
        ),
    }
    (t, Source::Built)
}

/// The process-wide tables: loaded from (or built into) the default cache
/// path on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| load_or_build(default_path().as_deref()).0)
}
