//! The tables on disk: built once, stored in the user's cache directory, and
//! checked on every load (file kind and size before a byte is read, then
//! magic, CRC-32 and every value the search indexes with) so an odd, corrupt,
//! truncated or forged file is rebuilt instead of trusted.
//!
//! Nothing here prints: what happens (a file refused, the build's progress,
//! where the tables went) is reported as [`CacheEvent`]s to the observer
//! the program hands to [`obtain`] or [`warm_up`]; the binary decides what
//! to show.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Once, OnceLock};
use std::time::Instant;

use super::coord::{N_CPERM, N_FLIP, N_SLICE, N_SLICE_PERM, N_SLICE_POS, N_TWIST, N_UDEDGE};
use super::disk;
pub use super::disk::{CacheError, shown};
use super::moves::N_MOVES;
use super::tables::{N_P2, Tables};

/// File header; the trailing digit is the format version (2: CRC-32 checksum).
const MAGIC: &[u8; 16] = b"cubetui-2phase-2";
/// File name inside the cache directory (its version follows the magic's).
pub const FILE_NAME: &str = "reference-tables-v2.bin";

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
/// Bytes of the checksum at the end of the file.
const SUM_LEN: usize = 4;

/// The size of a valid file, in bytes.
pub fn expected_len() -> usize {
    let moves: usize = MOVE_TABLES.iter().map(|t| t.1 * 2).sum();
    let prune: usize = PRUNE_TABLES.iter().map(|t| t.1).sum();
    MAGIC.len() + moves + prune + SUM_LEN
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
    let sum = crc32fast::hash(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads a file image, checking everything a damaged or forged file could
/// break: header, size, checksum, and every value the search indexes with.
pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Tables, CacheError> {
    let path = || path.to_path_buf();
    if !bytes.starts_with(MAGIC) {
        return Err(CacheError::BadHeader { path: path() });
    }
    if bytes.len() != expected_len() {
        return Err(CacheError::BadSize {
            path: path(),
            len: bytes.len() as u64,
            expected: expected_len(),
        });
    }
    let (body, sum) = bytes.split_at(bytes.len() - SUM_LEN);
    if sum != crc32fast::hash(body).to_le_bytes() {
        return Err(CacheError::BadChecksum { path: path() });
    }
    let bad = |table| CacheError::BadValue {
        path: path(),
        table,
    };
    let mut at = MAGIC.len();
    let mut moves = Vec::new();
    for (name, n, limit) in MOVE_TABLES {
        let table: Vec<u16> = body[at..at + 2 * n]
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        if table.iter().any(|&v| v as usize >= limit) {
            return Err(bad(name));
        }
        moves.push(table);
        at += 2 * n;
    }
    let mut prune = Vec::new();
    for (name, n) in PRUNE_TABLES {
        let table = body[at..at + n].to_vec();
        // Distances stay within the diameter, and only the goal (entry 0) is
        // at distance 0: the search takes a phase-1 leaf (every bound 0) to
        // be in G1 and indexes the phase-2 tables with its slice coordinate.
        if table.iter().any(|&v| v > MAX_DISTANCE) || !zero_only_at_goal(&table) {
            return Err(bad(name));
        }
        prune.push(table);
        at += n;
    }
    let moves = <[Vec<u16>; 5]>::try_from(moves).map_err(|_| bad("move tables"))?;
    let prune = <[Vec<u8>; 5]>::try_from(prune).map_err(|_| bad("pruning tables"))?;
    let t = Tables::assemble(moves, prune);
    // G1 moves keep the slice edges home: a slice order must stay below 24.
    if t.slice2_mv.iter().any(|&s| s as usize >= N_SLICE_PERM) {
        return Err(bad("slice"));
    }
    Ok(t)
}

/// Whether entry 0 (the goal) is the only entry at distance 0.
fn zero_only_at_goal(table: &[u8]) -> bool {
    table.first() == Some(&0) && !table[1..].contains(&0)
}

/// Loads the tables stored at `path`: refused before a byte is read unless
/// it is a regular file of the expected size.
pub fn load(path: &Path) -> Result<Tables, CacheError> {
    let bytes = disk::read_exact_file(path, expected_len())?;
    from_bytes(&bytes, path)
}

/// Stores `t` at `path`, through a temporary file (removed on any failure)
/// renamed into place so a reader never sees half a file; temporary files
/// left by dead processes next to it are removed first.
pub fn store(path: &Path, t: &Tables) -> Result<(), CacheError> {
    disk::write_atomic(path, &to_bytes(t))
}

/// Removes the temporary file this process is writing, if any. For signal
/// handlers and quitting while a build runs on another thread.
pub fn remove_temp() {
    disk::remove_temp();
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

/// Where freshly built tables went.
#[derive(Debug)]
pub enum Stored {
    /// Written to this file.
    Cached(PathBuf),
    /// Not written, for this reason.
    NotCached(CacheError),
    /// The platform has no cache directory.
    NoCacheDir,
}

/// What happened while the tables were obtained. `Display` gives the message
/// (paths escaped), without a program-name prefix.
#[derive(Debug)]
pub enum CacheEvent {
    /// The cache file could not be used; the tables are rebuilt.
    Rejected(CacheError),
    /// The build starts.
    Building,
    /// Percentage of the build done.
    Progress(u8),
    /// The build is over.
    Built { seconds: f64, stored: Stored },
}

impl fmt::Display for CacheEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CacheEvent::Rejected(e) => write!(f, "{e}; rebuilding it"),
            CacheEvent::Building => {
                write!(f, "building the two-phase tables (once; about a second) …")
            }
            CacheEvent::Progress(n) => write!(f, "building reference tables… {n} %"),
            CacheEvent::Built { seconds, stored } => match stored {
                Stored::Cached(p) => {
                    write!(f, "tables built in {seconds:.1} s, cached in {}", shown(p))
                }
                Stored::NotCached(e) => write!(f, "tables built but not cached: {e}"),
                Stored::NoCacheDir => write!(
                    f,
                    "tables built in {seconds:.1} s (no cache directory on this system)"
                ),
            },
        }
    }
}

/// The tables at `path` if that file is valid; otherwise builds them and
/// stores them there, reporting each step to `report`. Never fails: a cache
/// problem only costs the build time.
pub fn load_or_build(path: Option<&Path>, report: &mut dyn FnMut(CacheEvent)) -> (Tables, Source) {
    match path.map(load) {
        Some(Ok(t)) => return (t, Source::Loaded),
        Some(Err(CacheError::Io { source, .. })) if source.kind() == io::ErrorKind::NotFound => {}
        Some(Err(e)) => report(CacheEvent::Rejected(e)),
        None => {}
    }
    report(CacheEvent::Building);
    let started = Instant::now();
    let t = Tables::build_with(&mut |n| report(CacheEvent::Progress(n)));
    let stored = match path {
        Some(p) => match store(p, &t) {
            Ok(()) => Stored::Cached(p.to_path_buf()),
            Err(e) => Stored::NotCached(e),
        },
        None => Stored::NoCacheDir,
    };
    report(CacheEvent::Built {
        seconds: started.elapsed().as_secs_f64(),
        stored,
    });
    (t, Source::Built)
}

/// The process-wide tables (deterministic data, obtained once).
static TABLES: OnceLock<Tables> = OnceLock::new();

/// The process-wide tables, obtained now if they are not yet: loaded from
/// (or built into) the default cache path, each step reported to
/// `observer`. When they are already there it returns at once and reports
/// nothing; a caller that comes while another obtains them waits for it.
/// The program calls this where it shows what happens (stderr, the
/// screen's message line); code deep in the solvers reads [`tables`].
pub fn obtain(observer: &mut dyn FnMut(&CacheEvent)) -> &'static Tables {
    TABLES.get_or_init(|| load_or_build(default_path().as_deref(), &mut |e| observer(&e)).0)
}

/// The process-wide tables, obtained on first use without a word if no
/// [`obtain`] came first.
pub fn tables() -> &'static Tables {
    obtain(&mut |_| {})
}

/// Whether [`tables`] returns at once.
pub fn ready() -> bool {
    TABLES.get().is_some()
}

/// Starts obtaining the process-wide tables on a thread of their own (the
/// first call only; later ones do nothing), reporting to `observer` as
/// [`obtain`] does, so a caller that must not wait (the screen) can poll
/// [`ready`].
pub fn warm_up(observer: impl FnMut(&CacheEvent) + Send + 'static) {
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        let mut observer = observer;
        let spawned = std::thread::Builder::new()
            .name("reference-tables".into())
            .spawn(move || {
                obtain(&mut observer);
            });
        if spawned.is_err() {
            tables();
        }
    });
}
