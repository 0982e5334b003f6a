//! The 2×2 distance table: every state's distance (HTM, face turns U R F
//! and their powers, DBL fixed) to solved, by breadth-first search over the
//! coordinate move tables; stored in the user's cache directory through the
//! reference tables' file code (`reference::disk`: file kind and size
//! checked before a byte is read, written through a temporary file) with a
//! magic header and a CRC-32, every value checked on load.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use super::coord::{Corners, N_MOVES, N_PERM, N_STATES, N_TWIST, search_move};
use crate::reference::disk::{self, CacheError};

/// God's number of the 2×2 in HTM: no state is farther.
pub const GODS_NUMBER: u8 = 11;

/// File header; the trailing digit is the format version.
const MAGIC: &[u8; 16] = b"cubetui-pocket-1";
/// File name inside the cache directory.
pub const FILE_NAME: &str = "pocket-distances-v1.bin";
const SUM_LEN: usize = 4;
const UNSEEN: u8 = u8::MAX;

/// Coordinate move tables and the distance of every state.
#[derive(Clone, Debug)]
pub struct Table {
    perm_mv: Vec<u16>,
    twist_mv: Vec<u16>,
    distance: Vec<u8>,
}

/// Move tables read off the sticker model: each coordinate's value after
/// each search move.
fn move_tables() -> (Vec<u16>, Vec<u16>) {
    let mut perm_mv = vec![0u16; N_PERM * N_MOVES];
    let mut twist_mv = vec![0u16; N_TWIST * N_MOVES];
    let moves: Vec<_> = (0..N_MOVES).map(search_move).collect();
    let step = |perm: usize, twist: usize, m: usize| {
        let mut cube = Corners::from_coords(perm, twist).to_cube();
        cube.apply_move(moves[m]).expect("a 2x2 turns U R F");
        Corners::read(&cube).expect("U R F keep DBL home and the cube valid")
    };
    for p in 0..N_PERM {
        for m in 0..N_MOVES {
            perm_mv[p * N_MOVES + m] = step(p, 0, m).perm() as u16;
        }
    }
    for t in 0..N_TWIST {
        for m in 0..N_MOVES {
            twist_mv[t * N_MOVES + m] = step(0, t, m).twist() as u16;
        }
    }
    (perm_mv, twist_mv)
}

impl Table {
    /// Builds the tables: move tables, then breadth-first search from solved.
    pub fn build() -> Table {
        let (perm_mv, twist_mv) = move_tables();
        let mut distance = vec![UNSEEN; N_STATES];
        distance[0] = 0;
        let mut depth = 0u8;
        let mut found = true;
        while found {
            found = false;
            for i in 0..N_STATES {
                if distance[i] != depth {
                    continue;
                }
                let (p, t) = (i / N_TWIST, i % N_TWIST);
                for m in 0..N_MOVES {
                    let j = perm_mv[p * N_MOVES + m] as usize * N_TWIST
                        + twist_mv[t * N_MOVES + m] as usize;
                    if distance[j] == UNSEEN {
                        distance[j] = depth + 1;
                        found = true;
                    }
                }
            }
            depth += 1;
        }
        Table {
            perm_mv,
            twist_mv,
            distance,
        }
    }

    /// Distance to solved of state `index` (HTM).
    pub fn distance(&self, index: usize) -> Option<u8> {
        self.distance.get(index).copied()
    }

    /// The largest distance in the table.
    pub fn max_distance(&self) -> u8 {
        self.distance.iter().copied().max().unwrap_or(0)
    }

    /// State `index` after search move `m`.
    pub fn next(&self, index: usize, m: usize) -> usize {
        let (p, t) = (index / N_TWIST, index % N_TWIST);
        self.perm_mv[p * N_MOVES + m] as usize * N_TWIST + self.twist_mv[t * N_MOVES + m] as usize
    }

    fn expected_len() -> usize {
        MAGIC.len() + N_STATES + SUM_LEN
    }

    /// The file image: magic, distances, CRC-32 (the move tables are
    /// rebuilt on load, in microseconds).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Table::expected_len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.distance);
        let sum = crc32fast::hash(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a file image, checking header, size, checksum, and that every
    /// distance is at most God's number with 0 only at solved.
    pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Table, CacheError> {
        let path = || path.to_path_buf();
        if !bytes.starts_with(MAGIC) {
            return Err(CacheError::BadHeader { path: path() });
        }
        if bytes.len() != Table::expected_len() {
            return Err(CacheError::BadSize {
                path: path(),
                len: bytes.len() as u64,
                expected: Table::expected_len(),
            });
        }
        let (body, sum) = bytes.split_at(bytes.len() - SUM_LEN);
        if sum != crc32fast::hash(body).to_le_bytes() {
            return Err(CacheError::BadChecksum { path: path() });
        }
        let distance = body[MAGIC.len()..].to_vec();
        if distance.iter().any(|&d| d > GODS_NUMBER)
            || distance[0] != 0
            || distance[1..].contains(&0)
        {
            return Err(CacheError::BadValue {
                path: path(),
                table: "distance",
            });
        }
        let (perm_mv, twist_mv) = move_tables();
        Ok(Table {
            perm_mv,
            twist_mv,
            distance,
        })
    }

    /// Loads the table stored at `path`.
    pub fn load(path: &Path) -> Result<Table, CacheError> {
        let bytes = disk::read_exact_file(path, Table::expected_len())?;
        Table::from_bytes(&bytes, path)
    }

    /// Stores the table at `path` (through a temporary file).
    pub fn store(&self, path: &Path) -> Result<(), CacheError> {
        disk::write_atomic(path, &self.to_bytes())
    }
}

/// How the table was obtained, for whoever wants to say so.
#[derive(Debug)]
pub enum Obtained {
    /// Read from a valid cache file.
    Loaded,
    /// Built in `seconds`; stored, or why not (`None` without a cache path).
    Built {
        seconds: f64,
        stored: Option<Result<PathBuf, CacheError>>,
    },
}

/// The table at `path` if that file is valid, otherwise built (and stored
/// there). Never fails: a cache problem only costs the build.
pub fn load_or_build(path: Option<&Path>) -> (Table, Obtained) {
    if let Some(Ok(t)) = path.map(Table::load) {
        return (t, Obtained::Loaded);
    }
    let started = Instant::now();
    let t = Table::build();
    let seconds = started.elapsed().as_secs_f64();
    let stored = path.map(|p| t.store(p).map(|()| p.to_path_buf()));
    (t, Obtained::Built { seconds, stored })
}

/// Where the table is cached: `<user cache dir>/cubetui/FILE_NAME`.
pub fn default_path() -> Option<PathBuf> {
    dirs::cache_dir().map(|d| d.join("cubetui").join(FILE_NAME))
}

/// The process-wide table.
static TABLE: OnceLock<Table> = OnceLock::new();

/// The process-wide table, loaded from (or built into) the default path on
/// first use.
pub fn table() -> &'static Table {
    TABLE.get_or_init(|| load_or_build(default_path().as_deref()).0)
}

/// Whether [`table`] returns at once.
pub fn ready() -> bool {
    TABLE.get().is_some()
}

/// Starts obtaining the process-wide table on a thread of its own (the
/// first call only; later ones do nothing), so a caller that must not wait
/// can poll [`ready`]; where no thread can be spawned, obtains it here.
pub fn warm_up() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let spawned = std::thread::Builder::new()
            .name("pocket-table".into())
            .spawn(|| {
                table();
            });
        if spawned.is_err() {
            table();
        }
    });
}
