//! Checkpoint files: a computed Grundy sequence on disk, so an interrupted
//! run resumes where it stopped.
//!
//! Format: the line `grundy-sequence 1`, the line `code <CODE>`, the line
//! `width <1|2|4>`, then the values as little-endian integers of that width.
//! Values are only ever appended; widening rewrites the file through a
//! temporary file and a rename, so a crash leaves either file whole.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::store::Store;
use crate::error::{Error, Result};

const MAGIC: &str = "grundy-sequence 1";

/// An open checkpoint file.
pub struct Checkpoint {
    path: PathBuf,
    code: String,
    width: u8,
    /// Values `0..saved` are in the file (possibly still in `writer`).
    saved: usize,
    writer: Option<BufWriter<File>>,
}

fn header(code: &str, width: u8) -> String {
    format!("{MAGIC}\ncode {code}\nwidth {width}\n")
}

impl Checkpoint {
    /// Opens (or creates) the checkpoint at `path` for `code`, returning the
    /// values it already holds.
    pub fn open(path: &Path, code: &str) -> Result<(Checkpoint, Store)> {
        let shown = path.display().to_string();
        let mut cp = Checkpoint {
            path: path.to_path_buf(),
            code: code.to_string(),
            width: 1,
            saved: 0,
            writer: None,
        };
        if !path.exists() {
            cp.rewrite(&Store::default())?;
            return Ok((cp, Store::default()));
        }
        let mut bytes = Vec::new();
        File::open(path)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| Error::io(&shown, e))?;
        let mut lines = bytes.splitn(4, |&b| b == b'\n');
        let mut line = |what: &str| -> Result<String> {
            lines
                .next()
                .and_then(|l| std::str::from_utf8(l).ok())
                .map(str::to_string)
                .ok_or_else(|| {
                    Error::invalid(format!("{shown}: not a grundy checkpoint (no {what} line)"))
                })
        };
        if line("header")? != MAGIC {
            return Err(Error::invalid(format!("{shown}: not a grundy checkpoint")));
        }
        let found = line("code")?;
        if found.strip_prefix("code ") != Some(code) {
            return Err(Error::invalid(format!(
                "{shown}: this checkpoint is for `{}`, not `{code}`; use another file",
                found.trim_start_matches("code ")
            )));
        }
        let width: u8 = line("width")?
            .strip_prefix("width ")
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| Error::invalid(format!("{shown}: bad width line")))?;
        let header_len = header(code, width).len();
        let file_len = bytes.len();
        bytes.drain(..header_len.min(file_len));
        let store = Store::from_bytes(width, bytes)
            .ok_or_else(|| Error::invalid(format!("{shown}: bad width {width}")))?;
        cp.width = width;
        cp.saved = store.len();
        // Drop a partial value left by a crash before appending more.
        let whole = header_len + store.len() * width as usize;
        if whole != file_len {
            OpenOptions::new()
                .write(true)
                .open(path)
                .and_then(|f| f.set_len(whole as u64))
                .map_err(|e| Error::io(&shown, e))?;
        }
        Ok((cp, store))
    }

    /// Where the checkpoint lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends the values of `store` not yet saved and flushes them.
    pub fn save(&mut self, store: &Store) -> Result<()> {
        let shown = self.path.display().to_string();
        if store.width() != self.width {
            return self.rewrite(store);
        }
        if store.len() > self.saved {
            if self.writer.is_none() {
                let file = OpenOptions::new()
                    .append(true)
                    .open(&self.path)
                    .map_err(|e| Error::io(&shown, e))?;
                self.writer = Some(BufWriter::with_capacity(1 << 20, file));
            }
            let w = self.writer.as_mut().expect("opened above");
            w.write_all(&store.bytes_from(self.saved))
                .map_err(|e| Error::io(&shown, e))?;
            self.saved = store.len();
        }
        if let Some(w) = &mut self.writer {
            w.flush().map_err(|e| Error::io(&shown, e))?;
        }
        Ok(())
    }

    /// Writes the whole store anew (new file, or a new width).
    fn rewrite(&mut self, store: &Store) -> Result<()> {
        let shown = self.path.display().to_string();
        self.writer = None;
        let tmp = self.path.with_extension("tmp");
        let write = || -> std::io::Result<()> {
            let mut w = BufWriter::new(File::create(&tmp)?);
            w.write_all(header(&self.code, store.width()).as_bytes())?;
            w.write_all(&store.bytes_from(0))?;
            w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            std::fs::rename(&tmp, &self.path)
        };
        write().map_err(|e| Error::io(&shown, e))?;
        self.width = store.width();
        self.saved = store.len();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_survive_reopening_and_widening() {
        let dir = std::env::temp_dir().join(format!("grundy-cp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("k.ckpt");
        let _ = std::fs::remove_file(&path);
        let (mut cp, mut store) = Checkpoint::open(&path, "0.77").unwrap();
        assert!(store.is_empty());
        for v in [0, 1, 2, 3, 1, 4] {
            store.push(v);
        }
        cp.save(&store).unwrap();
        store.push(300);
        cp.save(&store).unwrap();
        drop(cp);
        let (_, again) = Checkpoint::open(&path, "0.77").unwrap();
        assert_eq!(again, store);
        let err = Checkpoint::open(&path, "0.07").err().unwrap().to_string();
        assert!(err.contains("is for `0.77`"), "{err}");
        // A torn last value is dropped.
        let len = std::fs::metadata(&path).unwrap().len();
        OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(&[7])
            .unwrap();
        let (_, torn) = Checkpoint::open(&path, "0.77").unwrap();
        assert_eq!(torn, store);
        assert_eq!(std::fs::metadata(&path).unwrap().len(), len);
        std::fs::remove_file(&path).unwrap();
    }
}
