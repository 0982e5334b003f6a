//! The cache file's I/O and why a file is not used ([`CacheError`]). Careful
//! with whatever sits at the path: a file is read only if it is a regular
//! file of exactly the expected size (opened without blocking, so a FIFO
//! cannot hang the reader), and a file is written through a temporary file
//! `NAME.tmp<PID>` that is removed on every failure, by [`remove_temp`]
//! (signal handlers, quitting), or by a later writer once its process is gone.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use thiserror::Error;

use crate::files::{kind_of, open_nonblocking};
use cubetui_cube::error::printable;

/// A path as messages show it: control and invisible characters escaped.
pub fn shown(path: &Path) -> String {
    printable(&path.display().to_string())
}

/// Why a cache file was not used.
#[derive(Debug, Error)]
pub enum CacheError {
    #[error("cannot read or write {}: {source}", shown(path))]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("{} is {kind}, not a table file", shown(path))]
    NotRegular { path: PathBuf, kind: &'static str },
    #[error("{} is not a table file of this version", shown(path))]
    BadHeader { path: PathBuf },
    #[error(
        "{} is truncated or has the wrong size ({len} bytes, expected {expected})",
        shown(path)
    )]
    BadSize {
        path: PathBuf,
        len: u64,
        expected: usize,
    },
    #[error("{} is corrupt (checksum mismatch)", shown(path))]
    BadChecksum { path: PathBuf },
    #[error(
        "{} is corrupt (table `{table}` holds an impossible value)",
        shown(path)
    )]
    BadValue { path: PathBuf, table: &'static str },
}

/// A temporary file older than this is stale even if its PID is in use again.
const STALE_AFTER: Duration = Duration::from_secs(3600);

/// The temporary file this process is writing, if any.
static TEMP: Mutex<Option<PathBuf>> = Mutex::new(None);

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> CacheError + '_ {
    move |source| CacheError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The contents of `path`, which must be a regular file (a symbolic link to
/// one is fine) of exactly `len` bytes; checked before a byte is read.
pub fn read_exact_file(path: &Path, len: usize) -> Result<Vec<u8>, CacheError> {
    let check = |meta: &fs::Metadata| {
        if !meta.is_file() {
            return Err(CacheError::NotRegular {
                path: path.to_path_buf(),
                kind: kind_of(meta.file_type()),
            });
        }
        if meta.len() != len as u64 {
            return Err(CacheError::BadSize {
                path: path.to_path_buf(),
                len: meta.len(),
                expected: len,
            });
        }
        Ok(())
    };
    // Checked by name first so nothing odd is even opened, then through the
    // open file in case the path changed in between.
    check(&fs::metadata(path).map_err(io_error(path))?)?;
    let file = open_nonblocking(path).map_err(io_error(path))?;
    check(&file.metadata().map_err(io_error(path))?)?;
    let mut bytes = Vec::with_capacity(len);
    file.take(len as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error(path))?;
    if bytes.len() != len {
        return Err(CacheError::BadSize {
            path: path.to_path_buf(),
            len: bytes.len() as u64,
            expected: len,
        });
    }
    Ok(bytes)
}

/// The temporary file name for `path` and process `pid`.
fn temp_path(path: &Path, pid: u32) -> PathBuf {
    path.with_extension(format!("tmp{pid}"))
}

/// Writes `bytes` to `path` through a temporary file renamed into place,
/// after removing stale temporary files of dead processes next to it. The
/// temporary file never survives a failure.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CacheError> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(io_error(path))?;
    }
    clean_stale(path);
    let tmp = temp_path(path, std::process::id());
    set_temp(Some(tmp.clone()));
    let written = write_and_sync(&tmp, bytes).and_then(|()| fs::rename(&tmp, path));
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    set_temp(None);
    written.map_err(io_error(path))
}

fn write_and_sync(tmp: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = File::create(tmp)?;
    f.write_all(bytes)?;
    f.sync_all()
}

fn set_temp(tmp: Option<PathBuf>) {
    if let Ok(mut t) = TEMP.lock() {
        *t = tmp;
    }
}

/// Removes the temporary file being written, if any (the write then fails
/// and the cache stays as it was).
pub fn remove_temp() {
    if let Ok(t) = TEMP.lock()
        && let Some(tmp) = t.as_ref()
    {
        let _ = fs::remove_file(tmp);
    }
}

/// Removes `NAME.tmp<PID>` files next to `path` whose process is gone (or
/// that are older than an hour, whatever their PID).
fn clean_stale(path: &Path) {
    let (Some(dir), Some(stem)) = (path.parent(), path.file_stem().and_then(|s| s.to_str())) else {
        return;
    };
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    // Any version's temporary files: `reference-tables-v1.tmp<PID>` too.
    let family = stem.rfind("-v").map_or(stem, |i| &stem[..i + 2]);
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.split_once(".tmp"))
            .filter(|(version, _)| {
                version
                    .strip_prefix(family)
                    .is_some_and(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
            })
            .and_then(|(_, p)| p.parse::<u32>().ok())
        else {
            continue;
        };
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        if pid != std::process::id() && (old || !alive(pid)) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid` may still be running (assumed so where this cannot
/// be told).
fn alive(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")] // where `alive` can tell (`/proc`)
    fn only_temporary_files_of_the_table_family_and_of_dead_processes_go() {
        let dir = std::env::temp_dir().join(format!("cubetui-disk-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        // No process has PID u32::MAX (beyond any pid_max).
        let gone = u32::MAX;
        let names = [
            (format!("reference-tables-v2.tmp{gone}"), false),
            (format!("reference-tables-v17.tmp{gone}"), false),
            (
                format!("reference-tables-v2.tmp{}", std::process::id()),
                true,
            ),
            (format!("reference-tables-v.tmp{gone}"), true),
            (format!("reference-tables-v2.tmpx{gone}"), true),
            (format!("other-v2.tmp{gone}"), true),
            ("reference-tables-v1.bin".to_string(), true),
        ];
        for (n, _) in &names {
            fs::write(dir.join(n), b"x").unwrap();
        }
        clean_stale(&dir.join("reference-tables-v2.bin"));
        for (n, kept) in &names {
            assert_eq!(dir.join(n).exists(), *kept, "{n}");
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
