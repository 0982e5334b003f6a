//! Reading an input file safely: the one helper every file the program
//! reads goes through (run files, themes, `config.toml`, user presets,
//! `bench --states`, `merge`'s files, `--formulas`, the reference tables).
//! The file must be a regular file (a symbolic link to one is fine: a
//! device, FIFO, socket or directory is refused by kind before a byte is
//! read, and opening never blocks), and no larger than the caller's limit
//! (checked on its size, then while reading, so a file that grows is cut
//! at the limit and refused). And creating an output file another run is
//! writing is refused ([`create_locked`]). A leaf: it imports nothing of the
//! crate.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

use thiserror::Error;

/// Why an input file was not read.
#[derive(Debug, Error)]
pub enum FileError {
    #[error("cannot read it: {0}")]
    Io(#[from] io::Error),
    #[error("it is {kind}, not a regular file")]
    NotRegular { kind: &'static str },
    #[error("it is larger than {limit} bytes, the limit for {what}")]
    TooBig { limit: u64, what: &'static str },
    #[error("it is not UTF-8 text")]
    NotText,
}

impl FileError {
    /// Whether the file does not exist.
    pub fn not_found(&self) -> bool {
        matches!(self, FileError::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

/// What a non-regular file is, for messages.
pub fn kind_of(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Opens `path` for reading without ever blocking (a FIFO with no writer).
pub fn open_nonblocking(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The bytes of the regular file `path`, of at most `limit` bytes (`what`
/// names the kind of file in the message: "a theme file").
///
/// # Errors
/// The file cannot be read, is not a regular file or is larger than `limit`.
pub fn read_bounded(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, FileError> {
    // By name first so nothing odd is even opened, then through the open
    // file in case the path changed in between.
    check_regular(&fs::metadata(path)?, limit, what)?;
    let file = open_nonblocking(path)?;
    read_open(&file, limit, what)
}

/// Refuses what is not a regular file of at most `limit` bytes.
fn check_regular(meta: &fs::Metadata, limit: u64, what: &'static str) -> Result<(), FileError> {
    if !meta.is_file() {
        return Err(FileError::NotRegular {
            kind: kind_of(meta.file_type()),
        });
    }
    if meta.len() > limit {
        return Err(FileError::TooBig { limit, what });
    }
    Ok(())
}

/// The bytes of the open `file`, checked as [`read_bounded`] checks them.
fn read_open(file: &File, limit: u64, what: &'static str) -> Result<Vec<u8>, FileError> {
    check_regular(&file.metadata()?, limit, what)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(FileError::TooBig { limit, what });
    }
    Ok(bytes)
}

/// Why an output file was not opened.
#[derive(Debug, Error)]
pub enum CreateError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("another cubetui is writing it (the file is locked)")]
    Locked,
}

/// Why an output file was not reopened to go on with it ([`reopen_locked`]).
#[derive(Debug, Error)]
pub enum ReopenError {
    /// It cannot be opened, or another run holds it.
    #[error("{0}")]
    Open(#[from] CreateError),
    /// It cannot be read back: not a regular file, too large, unreadable.
    #[error("{0}")]
    Read(#[from] FileError),
}

/// Creates (or empties) the output file `path` and holds an exclusive lock
/// on it while the file is open, so two runs never write one file between
/// each other's lines: a file another run holds is refused
/// ([`CreateError::Locked`]) and left as it is, not emptied. A file that is
/// not a regular one (`/dev/stdout`, a pipe) is written as it is; a file
/// system without locks is written unlocked.
///
/// # Errors
/// The file cannot be opened, or another run holds it.
pub fn create_locked(path: &Path) -> Result<File, CreateError> {
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => return Err(CreateError::Locked),
        Err(fs::TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {}
        Err(fs::TryLockError::Error(e)) => return Err(e.into()),
    }
    if file.metadata()?.is_file() {
        file.set_len(0)?;
    }
    Ok(file)
}

/// Opens the output file `path` to go on writing it: created when missing,
/// locked as [`create_locked`] locks it (a file another run holds is
/// refused and left as it is), not emptied, and read back through the
/// checks of [`read_bounded`] (a regular file of at most `limit` bytes).
/// The file is positioned at its start: the caller decides what to keep
/// ([`File::set_len`]) and seeks to its end.
///
/// # Errors
/// The file cannot be opened or read, is not a regular file, is larger
/// than `limit`, or another run holds it.
pub fn reopen_locked(
    path: &Path,
    limit: u64,
    what: &'static str,
) -> Result<(File, Vec<u8>), ReopenError> {
    match fs::metadata(path) {
        Ok(meta) => check_regular(&meta, limit, what)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(FileError::Io(e).into()),
    }
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(CreateError::Io)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => return Err(CreateError::Locked.into()),
        Err(fs::TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {}
        Err(fs::TryLockError::Error(e)) => return Err(CreateError::Io(e).into()),
    }
    let bytes = read_open(&file, limit, what)?;
    Ok((file, bytes))
}

/// [`read_bounded`], as UTF-8 text.
///
/// # Errors
/// As [`read_bounded`], and a file that is not UTF-8.
pub fn read_text(path: &Path, limit: u64, what: &'static str) -> Result<String, FileError> {
    String::from_utf8(read_bounded(path, limit, what)?).map_err(|_| FileError::NotText)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_large_files_are_refused_by_kind_and_size() {
        let zero = read_bounded(Path::new("/dev/zero"), 1 << 20, "a test file");
        assert!(
            matches!(
                zero,
                Err(FileError::NotRegular {
                    kind: "a character device"
                })
            ),
            "{zero:?}"
        );
        let dir = read_bounded(Path::new("/"), 1 << 20, "a test file");
        assert!(matches!(
            dir,
            Err(FileError::NotRegular {
                kind: "a directory"
            })
        ));
        let path = std::env::temp_dir().join(format!("cubetui-files-{}", std::process::id()));
        fs::write(&path, [b'a'; 100]).unwrap();
        assert_eq!(read_bounded(&path, 100, "a test file").unwrap().len(), 100);
        let big = read_bounded(&path, 99, "a test file").unwrap_err();
        assert_eq!(
            big.to_string(),
            "it is larger than 99 bytes, the limit for a test file"
        );
        fs::write(&path, [0xff, 0xfe]).unwrap();
        assert!(matches!(read_text(&path, 10, "x"), Err(FileError::NotText)));
        fs::remove_file(&path).unwrap();
        let missing = read_bounded(&path, 10, "x").unwrap_err();
        assert!(missing.not_found());
    }

    #[test]
    fn an_output_file_held_by_another_writer_is_refused_and_left_alone() {
        let path = std::env::temp_dir().join(format!("cubetui-lock-{}", std::process::id()));
        fs::write(&path, "a line\n").unwrap();
        let held = create_locked(&path).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"", "emptied once locked");
        fs::write(&path, "the holder's line\n").unwrap();
        let second = create_locked(&path);
        assert!(matches!(second, Err(CreateError::Locked)), "{second:?}");
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "the holder's line\n",
            "a refused open does not empty the file"
        );
        assert!(matches!(
            reopen_locked(&path, 100, "x"),
            Err(ReopenError::Open(CreateError::Locked))
        ));
        drop(held);
        assert!(
            create_locked(&path).is_ok(),
            "free once the holder closes it"
        );
        fs::write(&path, "kept\n").unwrap();
        let (_held, bytes) = reopen_locked(&path, 100, "x").unwrap();
        assert_eq!(bytes, b"kept\n", "reopened, not emptied");
        assert!(matches!(create_locked(&path), Err(CreateError::Locked)));
        assert!(matches!(
            reopen_locked(Path::new("/dev/null"), 100, "x"),
            Err(ReopenError::Read(FileError::NotRegular { .. }))
        ));
        fs::remove_file(&path).unwrap();
    }
}
