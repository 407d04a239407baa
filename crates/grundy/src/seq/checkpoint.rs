//! Checkpoint files: a computed Grundy sequence on disk, so an interrupted
//! run resumes where it stopped, and never from wrong values.
//!
//! # Format (version 2)
//!
//! A text header of six lines, each ending in `\n`:
//!
//! ```text
//! grundy-sequence 2
//! code <CODE>
//! engine take-break normal-play
//! width <1|2|4>
//! block <B>
//! check <8 hex digits>
//! ```
//!
//! `check` is the CRC-32 of the five lines above it (their bytes, newlines
//! included). `width` is the bytes per value and `B` the values per block,
//! 65536 in this format (a file with other blocks is refused). Blocks follow, block `k` holding heaps
//! `k*B ..`, at byte `header + k * (8 + B*width)`:
//!
//! ```text
//! count   u32 little-endian: B, or 1..=B in the last block only
//! values  count values, each `width` bytes little-endian
//! crc     u32 little-endian: CRC-32 of the header's check (u32 LE),
//!         k (u64 LE), count (u32 LE) and the values' bytes
//! ```
//!
//! Seeding each block's checksum with the header's and with its index means
//! a block is only accepted in its own place of its own file: one moved,
//! repeated, or read with another width or block size fails.
//!
//! # Bounded tables (version 3)
//!
//! A bounded table (`--window`, see [`super::window`]) keeps the first
//! values and a window behind the heap, not every value. Its file is
//! format 3: the same header with `3` for the version and one more line
//! before `check`,
//!
//! ```text
//! bounded <PREFIX> <MOVED> <STATE>
//! ```
//!
//! saying that the blocks hold the kept values at their places (heap `n`
//! at `n` below `PREFIX`, at `n − MOVED` from there on), and `STATE`, one
//! line of JSON, what the engine and the window had learned that the kept
//! values no longer show (the classification, the count of each value
//! over every heap, the deepest scan). `check` covers the six lines.
//!
//! # Writing
//!
//! A new file, or one rewritten because the values outgrew their width, is
//! written to `<FILE>.tmp`, synced and renamed over `FILE`, so the header is
//! never torn. Later saves write whole blocks after the last full one
//! (replacing a short last block by a longer one) and sync: a crash leaves
//! at most a torn last block.
//!
//! # Loading
//!
//! Nothing is believed before it is checked. The header's checksum is
//! checked before any field is read; code, engine and width must be those
//! of the run; sizes come from the file's length, never from the header
//! alone, so an edited file cannot cause a large allocation. Then:
//!
//! - a last block that is short or fails its checksum is the torn end of an
//!   interrupted save: the file is cut back to the blocks before it, whose
//!   values are kept;
//! - any other block that fails is damage: the file is refused, naming the
//!   block and its heaps;
//! - finally a sample of the values (56 heaps spread over the table, the
//!   last 8, and the one holding the largest value) is derived again
//!   from the definition, the mex over the options, using the loaded
//!   smaller values: a file whose checksums are consistent but whose
//!   values are wrong is refused. This costs about what computing 65 heaps
//!   by the plain engine costs.
//!
//! In a file of format 3 whose values have moved, only the prefix is
//! derived from the definition this way (the rest lacks the values its
//! options read); the caller derives the last kept values again with the
//! engine itself (see [`crate::seq::Sequence::attach_checkpoint`]).
//!
//! A refused file is left as it is; deleting it recomputes its values.
//! Files of format 1 (no checksums) are refused, since nothing in them can
//! be verified.

use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::plain;
use super::rules::Rules;
use super::store::{Cell, Store};
use crate::error::{Error, Result};

/// The first word of the first line.
const MAGIC: &str = "grundy-sequence";

/// The format of a table with every value, which this module reads and
/// writes.
const VERSION: u32 = 2;

/// The format of a bounded table (see the module documentation).
const BOUNDED_VERSION: u32 = 3;

/// What the values are: normal-play Grundy values of a take-and-break code.
/// Both `--engine` choices (sparse where it pays, or plain) compute the same
/// values, and are tested against each other, so they share checkpoints;
/// the line keeps values of another meaning (say, misère values of the
/// same code) from ever being read as these.
const ENGINE: &str = "take-break normal-play";

/// Values per block. Small enough that a torn block costs well under a
/// second to recompute and that loading checks progress in small steps,
/// large enough that the 8 bytes of count and checksum are negligible.
pub const BLOCK: usize = 1 << 16;

/// The most bytes a header may take (codes are short, and a bounded
/// table's state holds two counts a value; this only bounds what is read
/// before the header is known to be one).
const MAX_HEADER: u64 = 1 << 20;

/// Heaps spread over the table whose values are derived again on loading.
const SAMPLE_SPREAD: usize = 56;

/// The last heaps, always derived again on loading: the values most
/// recently written.
const SAMPLE_LAST: usize = 8;

/// An open checkpoint file.
pub struct Checkpoint {
    path: PathBuf,
    code: String,
    /// Values per block.
    block: usize,
    /// Bytes per value in the file.
    width: u8,
    /// Bytes of the header; the first block starts here.
    header_len: u64,
    /// The header's checksum, which seeds every block's.
    seal: u32,
    /// Values `0..saved` are in the file.
    saved: usize,
    /// The file, once opened for writing blocks.
    file: Option<File>,
}

/// Where a bounded table's values sit, and what its engine learned (the
/// `bounded` line of format 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bounded {
    /// Heaps `0..prefix` sit at their own place.
    pub(crate) prefix: usize,
    /// Heap `n >= prefix` sits at `n − moved` (0: every value is kept).
    pub(crate) moved: u64,
    /// The engine's and the window's state, one line of JSON, read back by
    /// their owners.
    pub(crate) state: String,
}

/// The fields of a header that passed its checksum.
struct Header {
    code: String,
    engine: String,
    width: u8,
    block: usize,
    /// Bytes, check line included.
    len: u64,
    check: u32,
    /// The `bounded` line of format 3.
    bounded: Option<Bounded>,
}

/// The header's bytes and its checksum: format 2, or 3 for a bounded table.
fn header(code: &str, width: u8, block: usize, bounded: Option<&Bounded>) -> (Vec<u8>, u32) {
    let version = if bounded.is_some() {
        BOUNDED_VERSION
    } else {
        VERSION
    };
    let mut text =
        format!("{MAGIC} {version}\ncode {code}\nengine {ENGINE}\nwidth {width}\nblock {block}\n");
    if let Some(b) = bounded {
        text += &format!("bounded {} {} {}\n", b.prefix, b.moved, b.state);
    }
    let check = crc32fast::hash(text.as_bytes());
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice(format!("check {check:08x}\n").as_bytes());
    (bytes, check)
}

/// The checksum of block `index` holding `values` (raw bytes of `count`
/// values).
fn block_check(seal: u32, index: u64, count: u32, values: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(&seal.to_le_bytes());
    h.update(&index.to_le_bytes());
    h.update(&count.to_le_bytes());
    h.update(values);
    h.finalize()
}

/// Writes the values of `store` from heap `first * block` on as blocks
/// `first, first + 1, ...`.
fn write_blocks(
    out: &mut impl Write,
    store: &Store,
    seal: u32,
    block: usize,
    first: usize,
) -> std::io::Result<()> {
    let mut start = first * block;
    let mut index = first as u64;
    while start < store.len() {
        let end = (start + block).min(store.len());
        let values = store.le_bytes(start..end);
        let count = (end - start) as u32;
        out.write_all(&count.to_le_bytes())?;
        out.write_all(&values)?;
        out.write_all(&block_check(seal, index, count, &values).to_le_bytes())?;
        start = end;
        index += 1;
    }
    Ok(())
}

/// The advice every refusal ends with.
const DELETE: &str = "delete the file to compute the values again";

/// Reads and checks the header at the start of `file`, whose blocks must
/// hold `expected_block` values.
fn read_header(file: &mut File, expected_block: usize, shown: &str) -> Result<Header> {
    let mut buf = Vec::new();
    file.take(MAX_HEADER)
        .read_to_end(&mut buf)
        .map_err(|e| Error::io(shown, e))?;
    let damaged = |why: &str| {
        Error::invalid(format!(
            "{shown}: the checkpoint's header is damaged ({why}); {DELETE}"
        ))
    };
    let ends: Vec<usize> = buf
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .map(|(i, _)| i)
        .take(7)
        .collect();
    // The first line says whether this is a checkpoint, and which format.
    let first = &buf[..ends.first().copied().unwrap_or(buf.len())];
    let prefix = format!("{MAGIC} ");
    let Some(version) = first.strip_prefix(prefix.as_bytes()) else {
        if ends.is_empty() && prefix.as_bytes().starts_with(first) {
            return Err(damaged("it is cut short"));
        }
        return Err(Error::invalid(format!(
            "{shown}: not a grundy checkpoint; use another file name"
        )));
    };
    if ends.is_empty() {
        return Err(damaged("it is cut short"));
    }
    let version: u32 = std::str::from_utf8(version)
        .ok()
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| damaged("unreadable version"))?;
    if version < VERSION {
        return Err(Error::invalid(format!(
            "{shown}: checkpoint format {version}, written by an older grundy, has no checksums and cannot be verified; {DELETE}"
        )));
    }
    if version > BOUNDED_VERSION {
        return Err(Error::invalid(format!(
            "{shown}: checkpoint format {version} is newer than this grundy reads (formats {VERSION} and {BOUNDED_VERSION}); use a newer grundy or another file"
        )));
    }
    // Five lines of fields, a sixth in format 3, then the check line.
    let fields = if version == BOUNDED_VERSION { 6 } else { 5 };
    if ends.len() < fields + 1 {
        return Err(damaged("it is cut short"));
    }
    let text = &buf[..ends[fields - 1] + 1];
    let check = std::str::from_utf8(&buf[ends[fields - 1] + 1..ends[fields]])
        .ok()
        .and_then(|l| l.strip_prefix("check "))
        .filter(|h| h.len() == 8)
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or_else(|| damaged("no checksum line"))?;
    if crc32fast::hash(text) != check {
        return Err(damaged("its checksum does not match"));
    }
    // The checksum matches, so the lines are as written; a field that still
    // does not parse was written by something else.
    let text = std::str::from_utf8(text).map_err(|_| damaged("not text"))?;
    let mut lines = text.lines().skip(1);
    let mut field = |name: &str| {
        lines
            .next()
            .and_then(|l| l.strip_prefix(name))
            .and_then(|l| l.strip_prefix(' '))
            .map(str::to_string)
            .ok_or_else(|| damaged(&format!("no {name} line")))
    };
    let code = field("code")?;
    let engine = field("engine")?;
    let width = field("width")?
        .parse()
        .ok()
        .filter(|w| Store::with_width(*w).is_some())
        .ok_or_else(|| damaged("bad width"))?;
    let block: usize = field("block")?
        .parse()
        .map_err(|_| damaged("bad block size"))?;
    let bounded = if version == BOUNDED_VERSION {
        let line = field("bounded")?;
        let mut parts = line.splitn(3, ' ');
        let prefix = parts.next().and_then(|p| p.parse().ok());
        let moved = parts.next().and_then(|m| m.parse().ok());
        let state = parts.next().map(str::to_string);
        match (prefix, moved, state) {
            // Values move two at a time, so that parities are kept.
            (Some(prefix), Some(moved), Some(state)) if moved % 2 == 0 => Some(Bounded {
                prefix,
                moved,
                state,
            }),
            _ => return Err(damaged("bad bounded line")),
        }
    } else {
        None
    };
    // The block size is part of the format: one read from the file is only
    // compared, never used to size anything.
    if block != expected_block {
        return Err(Error::invalid(format!(
            "{shown}: this checkpoint has blocks of {block} values, not {expected_block}; {DELETE}"
        )));
    }
    Ok(Header {
        code,
        engine,
        width,
        block,
        len: ends[fields] as u64 + 1,
        check,
        bounded,
    })
}

/// Reads the blocks after the header: the values of every good block, and
/// the length of the file they take (shorter than the file when its last
/// block is torn). A damaged block before the last is an error.
fn read_blocks(file: &mut File, h: &Header, file_len: u64, shown: &str) -> Result<(Store, u64)> {
    let io = |e: std::io::Error| Error::io(shown, e);
    let width = h.width as usize;
    let slot = 8 + (h.block * width) as u64;
    let body = file_len.saturating_sub(h.len);
    let (full, tail) = (body / slot, body % slot);
    let blocks = full + u64::from(tail > 0);
    let mut store = Store::with_width(h.width).expect("width checked with the header");
    // Room from the file's length: the header alone allocates nothing.
    store.reserve(usize::try_from(body / width as u64).unwrap_or(0));
    file.seek(SeekFrom::Start(h.len)).map_err(io)?;
    let mut reader = BufReader::with_capacity(1 << 20, file);
    let mut buf = vec![0u8; slot as usize];
    for k in 0..blocks {
        let len = if k < full { slot } else { tail } as usize;
        reader.read_exact(&mut buf[..len]).map_err(io)?;
        match block_values(&buf[..len], k, h) {
            Some(values) => store.extend_from_le_bytes(values),
            None if k + 1 == blocks => return Ok((store, h.len + k * slot)),
            None => {
                let first = k * h.block as u64;
                return Err(Error::invalid(format!(
                    "{shown}: block {k} (heaps {first} to {}) is damaged: its checksum does not match; the values in it cannot be trusted; {DELETE}",
                    first + h.block as u64 - 1
                )));
            }
        }
    }
    Ok((store, file_len))
}

/// The values of block `index` if `bytes` is one whole, as written.
fn block_values<'a>(bytes: &'a [u8], index: u64, h: &Header) -> Option<&'a [u8]> {
    let count = u32::from_le_bytes(bytes.get(..4)?.try_into().ok()?);
    let end = 4 + (count as usize).checked_mul(h.width as usize)?;
    let crc = u32::from_le_bytes(bytes.get(end..end + 4)?.try_into().ok()?);
    let values = &bytes[4..end];
    let whole = (1..=h.block).contains(&(count as usize)) && end + 4 == bytes.len();
    (whole && crc == block_check(h.check, index, count, values)).then_some(values)
}

/// The heaps derived again on loading `len` values whose largest value
/// is first held by heap `max_at`: spread evenly from 0, the last ones,
/// and `max_at` (so a wrong large value is caught before the engine sizes
/// its tables by it).
fn sample(len: usize, max_at: usize) -> Vec<usize> {
    let mut heaps: Vec<usize> = (0..SAMPLE_SPREAD)
        .map(|i| (i as u128 * len as u128 / SAMPLE_SPREAD as u128) as usize)
        .chain(len.saturating_sub(SAMPLE_LAST)..len)
        .chain(std::iter::once(max_at))
        .filter(|&n| n < len)
        .collect();
    heaps.sort_unstable();
    heaps.dedup();
    heaps
}

/// Derives the sampled values of `g` again from the options.
fn spot_check<T: Cell>(g: &[T], rules: &Rules, shown: &str) -> Result<()> {
    let largest = g.iter().map(|v| v.get()).max().unwrap_or(0);
    let max_at = g.iter().position(|v| v.get() == largest).unwrap_or(0);
    for n in sample(g.len(), max_at) {
        let saved = g[n].get();
        let derived = plain::mex_up_to(&g[..n], rules, saved);
        if derived != Some(saved) {
            // Only now is the value itself needed, with room for every
            // option (the mex is at most their number).
            let derived = derived
                .or_else(|| plain::mex_up_to(&g[..n], rules, u32::MAX))
                .map_or(format!("more than {saved}"), |d| d.to_string());
            return Err(Error::invalid(format!(
                "{shown}: G({n}) is {saved} in the checkpoint but {derived} by the definition (the mex over its options); the file is corrupt; {DELETE}"
            )));
        }
    }
    Ok(())
}

impl Checkpoint {
    /// Opens (or creates) the checkpoint at `path` for `code`, whose moves
    /// are `rules`, returning the values it already holds once they have
    /// been checked (see the module's documentation), and for a bounded
    /// table where they sit.
    pub(crate) fn open(
        path: &Path,
        code: &str,
        rules: &Rules,
    ) -> Result<(Checkpoint, Store, Option<Bounded>)> {
        Checkpoint::open_with_block(path, code, rules, BLOCK)
    }

    /// [`Checkpoint::open`] with `block` values per block (tests use small
    /// blocks).
    fn open_with_block(
        path: &Path,
        code: &str,
        rules: &Rules,
        block: usize,
    ) -> Result<(Checkpoint, Store, Option<Bounded>)> {
        let shown = path.display().to_string();
        let mut cp = Checkpoint {
            path: path.to_path_buf(),
            code: code.to_string(),
            block,
            width: 1,
            header_len: 0,
            seal: 0,
            saved: 0,
            file: None,
        };
        if !path.exists() {
            cp.rewrite(&Store::default(), None)?;
            return Ok((cp, Store::default(), None));
        }
        let mut file = File::open(path).map_err(|e| Error::io(&shown, e))?;
        let file_len = file.metadata().map_err(|e| Error::io(&shown, e))?.len();
        let h = read_header(&mut file, block, &shown)?;
        if h.code != code {
            return Err(Error::invalid(format!(
                "{shown}: this checkpoint is for `{}`, not `{code}`; use another file",
                h.code
            )));
        }
        if h.engine != ENGINE {
            return Err(Error::invalid(format!(
                "{shown}: this checkpoint holds `{}` values, not `{ENGINE}` values; use another file",
                h.engine
            )));
        }
        let (store, good_len) = read_blocks(&mut file, &h, file_len, &shown)?;
        // The values at their own places: every value, or a bounded
        // table's prefix once values have moved.
        let own_places = match &h.bounded {
            Some(b) if b.moved > 0 => {
                if b.prefix > store.len() {
                    return Err(Error::invalid(format!(
                        "{shown}: the checkpoint keeps {} values, fewer than its prefix of {}; the file is damaged; {DELETE}",
                        store.len(),
                        b.prefix
                    )));
                }
                b.prefix
            }
            _ => store.len(),
        };
        match &store {
            Store::U8(g) => spot_check(&g[..own_places], rules, &shown)?,
            Store::U16(g) => spot_check(&g[..own_places], rules, &shown)?,
            Store::U32(g) => spot_check(&g[..own_places], rules, &shown)?,
        }
        drop(file);
        // Only a file that passed every check is changed: a torn last
        // block is cut off before more blocks are written after it.
        if good_len < file_len {
            let cut = || -> std::io::Result<()> {
                let f = OpenOptions::new().write(true).open(path)?;
                f.set_len(good_len)?;
                f.sync_all()
            };
            cut().map_err(|e| Error::io(&shown, e))?;
        }
        cp.block = h.block;
        cp.width = h.width;
        cp.header_len = h.len;
        cp.seal = h.check;
        cp.saved = store.len();
        Ok((cp, store, h.bounded))
    }

    /// Bytes of a full block.
    fn slot(&self) -> u64 {
        8 + (self.block * self.width as usize) as u64
    }

    /// Writes the values of `store` not yet saved, as whole blocks, and
    /// syncs them to disk.
    pub fn save(&mut self, store: &Store) -> Result<()> {
        if store.width() != self.width {
            return self.rewrite(store, None);
        }
        if store.len() <= self.saved {
            return Ok(());
        }
        let shown = self.path.display().to_string();
        // A short last block is replaced by a longer one: the file is cut
        // back to its start, and the blocks from there on are written
        // whole. A crash in between loses only that block's values, and
        // the loader cuts back a torn block the same way.
        let first = self.saved / self.block;
        let at = self.header_len + first as u64 * self.slot();
        let (seal, block) = (self.seal, self.block);
        let file = match &mut self.file {
            Some(f) => f,
            None => {
                let f = OpenOptions::new()
                    .write(true)
                    .open(&self.path)
                    .map_err(|e| Error::io(&shown, e))?;
                self.file.insert(f)
            }
        };
        let write = |file: &mut File| -> std::io::Result<()> {
            file.set_len(at)?;
            file.seek(SeekFrom::Start(at))?;
            let mut w = BufWriter::with_capacity(1 << 20, &mut *file);
            write_blocks(&mut w, store, seal, block, first)?;
            w.flush()?;
            drop(w);
            file.sync_data()
        };
        write(file).map_err(|e| Error::io(&shown, e))?;
        self.saved = store.len();
        Ok(())
    }

    /// Writes the values a bounded table keeps, `bounded` saying where they
    /// sit: the whole file anew each time, since its values move.
    pub(crate) fn save_bounded(&mut self, store: &Store, bounded: &Bounded) -> Result<()> {
        self.rewrite(store, Some(bounded))
    }

    /// Writes the whole store anew (a new file, a new width, or a bounded
    /// table) through a temporary file renamed over the old one, so that
    /// either file is whole after a crash.
    fn rewrite(&mut self, store: &Store, bounded: Option<&Bounded>) -> Result<()> {
        let shown = self.path.display().to_string();
        self.file = None;
        let mut tmp = self.path.clone().into_os_string();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        let (bytes, seal) = header(&self.code, store.width(), self.block, bounded);
        let write = || -> std::io::Result<()> {
            let mut w = BufWriter::with_capacity(1 << 20, File::create(&tmp)?);
            w.write_all(&bytes)?;
            write_blocks(&mut w, store, seal, self.block, 0)?;
            w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            std::fs::rename(&tmp, &self.path)?;
            // Make the rename itself durable. Some file systems cannot sync
            // a directory; the file is whole either way, so that is no error.
            let parent = self.path.parent().filter(|p| !p.as_os_str().is_empty());
            if let Ok(dir) = File::open(parent.unwrap_or(Path::new("."))) {
                let _ = dir.sync_all();
            }
            Ok(())
        };
        write().map_err(|e| Error::io(&shown, e))?;
        self.width = store.width();
        self.header_len = bytes.len() as u64;
        self.seal = seal;
        self.saved = store.len();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::octal::{Code, TakeBreak};
    use crate::seq::plain_table;

    /// Values per block in these tests: small, so that a few hundred values
    /// make many blocks.
    const SMALL: usize = 16;

    /// A code, read as hexadecimal when it has a digit above 7.
    fn parse(code: &str) -> Code {
        let hex = code.chars().any(|c| matches!(c, '8' | '9' | 'A'..='F'));
        Code::parse(code, code, 1, hex).unwrap()
    }

    fn rules(code: &str) -> Rules {
        Rules::new(&parse(code))
    }

    /// `G(0..=to)` of `code` by the plain engine, as a store.
    fn values(code: &str, to: u64) -> Store {
        let game = TakeBreak::new(parse(code));
        let mut store = Store::default();
        for v in plain_table(&game, to) {
            store.push(v.0 as u32);
        }
        store
    }

    /// A fresh path in a folder of this test process.
    fn path(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-cp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    }

    /// A checkpoint of `code` at `path` holding `store`, saved in uneven
    /// steps so short last blocks are replaced along the way.
    fn saved(path: &Path, code: &str, store: &Store) {
        let (mut cp, loaded, _) =
            Checkpoint::open_with_block(path, code, &rules(code), SMALL).unwrap();
        assert!(loaded.is_empty());
        let mut part = Store::with_width(store.width()).unwrap();
        for step in [5, 20, 7, 40, usize::MAX] {
            let to = part.len().saturating_add(step).min(store.len());
            part.extend_from_le_bytes(&store.le_bytes(part.len()..to));
            cp.save(&part).unwrap();
        }
    }

    fn open(path: &Path, code: &str) -> Result<Store> {
        Checkpoint::open_with_block(path, code, &rules(code), SMALL).map(|(_, s, _)| s)
    }

    fn refusal(path: &Path, code: &str) -> String {
        let before = std::fs::read(path).unwrap();
        let err = open(path, code).expect_err("refused").to_string();
        assert!(err.contains(&path.display().to_string()), "{err}");
        assert_eq!(
            std::fs::read(path).unwrap(),
            before,
            "a refused file is left as it is"
        );
        err
    }

    fn header_len(path: &Path) -> usize {
        let bytes = std::fs::read(path).unwrap();
        bytes
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .nth(5)
            .unwrap()
            .0
            + 1
    }

    /// Replaces the header's fields, with a correct checksum, as a program
    /// that knows the format (but not the values) would.
    fn reseal_header(path: &Path, edit: impl Fn(&str) -> String) {
        let bytes = std::fs::read(path).unwrap();
        let len = header_len(path);
        let text = std::str::from_utf8(&bytes[..len]).unwrap();
        let five: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
        let five = edit(&five);
        let mut out = five.clone().into_bytes();
        out.extend(format!("check {:08x}\n", crc32fast::hash(five.as_bytes())).bytes());
        out.extend_from_slice(&bytes[len..]);
        std::fs::write(path, out).unwrap();
    }

    /// Removing 1 to 256 tokens (digit 3) is the subtraction game
    /// {1..256}: G(n) = n mod 257, so the values widen to two bytes.
    #[test]
    fn values_survive_reopening_and_widening() {
        let code = format!("0.{}", "3".repeat(256));
        let p = path("widen.ckpt");
        let all = values(&code, 600);
        assert_eq!(all.width(), 2);
        saved(&p, &code, &all);
        assert_eq!(open(&p, &code).unwrap(), all);
        // Blocks of 16 two-byte values: 601 values take 37 full blocks and
        // one of 9.
        let len = std::fs::metadata(&p).unwrap().len() as usize;
        assert_eq!(len, header_len(&p) + 37 * (8 + 32) + 8 + 18);
        assert!(!p.with_extension("ckpt.tmp").exists());
    }

    #[test]
    fn a_torn_last_block_is_cut_back_to_the_good_ones() {
        let p = path("torn.ckpt");
        let all = values("0.07", 300);
        saved(&p, "0.07", &all);
        let whole = std::fs::metadata(&p).unwrap().len();
        let h = header_len(&p) as u64;
        // 301 one-byte values: 18 blocks of 24 bytes, then one of 13 values.
        assert_eq!(whole, h + 18 * 24 + 8 + 13);
        let cut_to = |len: u64| {
            OpenOptions::new()
                .write(true)
                .open(&p)
                .unwrap()
                .set_len(len)
                .unwrap();
        };
        // The short last block loses its end (its checksum): only it goes.
        cut_to(whole - 3);
        let (mut cp, kept, _) =
            Checkpoint::open_with_block(&p, "0.07", &rules("0.07"), SMALL).unwrap();
        assert_eq!(kept.len(), 18 * SMALL);
        assert_eq!(kept.le_bytes(0..kept.len()), all.le_bytes(0..18 * SMALL));
        assert_eq!(std::fs::metadata(&p).unwrap().len(), h + 18 * 24);
        // Saving again restores the file exactly.
        cp.save(&all).unwrap();
        drop(cp);
        assert_eq!(std::fs::metadata(&p).unwrap().len(), whole);
        assert_eq!(open(&p, "0.07").unwrap(), all);
        // A full last block cut inside, or with a flipped byte, goes too.
        cut_to(h + 10 * 24 + 11);
        assert_eq!(open(&p, "0.07").unwrap().len(), 10 * SMALL);
        let mut bytes = std::fs::read(&p).unwrap();
        bytes[h as usize + 9 * 24 + 6] ^= 0x40;
        std::fs::write(&p, &bytes).unwrap();
        assert_eq!(open(&p, "0.07").unwrap().len(), 9 * SMALL);
        // Garbage after the last good block (an append torn before its
        // count was even whole) is dropped.
        let mut f = OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(&[1, 0]).unwrap();
        drop(f);
        assert_eq!(open(&p, "0.07").unwrap().len(), 9 * SMALL);
        assert_eq!(std::fs::metadata(&p).unwrap().len(), h + 9 * 24);
        // Every block cut away leaves the header, and no values.
        cut_to(h + 5);
        assert!(open(&p, "0.07").unwrap().is_empty());
    }

    #[test]
    fn a_damaged_middle_block_is_refused_naming_it() {
        let p = path("middle.ckpt");
        let all = values("0.07", 300);
        saved(&p, "0.07", &all);
        let h = header_len(&p);
        let clean = std::fs::read(&p).unwrap();
        // A value of block 2, its count, and its checksum.
        for at in [2 * 24 + 4 + 7, 2 * 24, 2 * 24 + 22] {
            let mut bytes = clean.clone();
            bytes[h + at] ^= 0x01;
            std::fs::write(&p, &bytes).unwrap();
            let err = refusal(&p, "0.07");
            assert!(err.contains("block 2 (heaps 32 to 47) is damaged"), "{err}");
        }
        // Two blocks swapped: each is whole, but not in its place.
        let mut bytes = clean.clone();
        let (a, b) = (h + 24, h + 2 * 24);
        let first: Vec<u8> = bytes[a..a + 24].to_vec();
        bytes.copy_within(b..b + 24, a);
        bytes[b..b + 24].copy_from_slice(&first);
        std::fs::write(&p, &bytes).unwrap();
        let err = refusal(&p, "0.07");
        assert!(err.contains("block 1 (heaps 16 to 31) is damaged"), "{err}");
    }

    #[test]
    fn a_damaged_or_cut_header_is_refused() {
        let p = path("header.ckpt");
        let all = values("0.07", 100);
        saved(&p, "0.07", &all);
        let clean = std::fs::read(&p).unwrap();
        let h = header_len(&p);
        for len in [0, 3, 16, 17, 25, h - 1] {
            std::fs::write(&p, &clean[..len]).unwrap();
            let err = refusal(&p, "0.07");
            assert!(
                err.contains("header is damaged (it is cut short)"),
                "{len}: {err}"
            );
        }
        // One character of the code line changed: 0.07 read as 0.06.
        let mut bytes = clean.clone();
        let at = clean.windows(4).position(|w| w == b"0.07").unwrap();
        bytes[at + 3] = b'6';
        std::fs::write(&p, &bytes).unwrap();
        let err = refusal(&p, "0.06");
        assert!(err.contains("its checksum does not match"), "{err}");
        std::fs::write(&p, b"some other file\n").unwrap();
        assert!(refusal(&p, "0.07").contains("not a grundy checkpoint"));
    }

    /// The user's report: `width 2` edited to `width 1` read 2,986,057
    /// wrong values, and `width 4` spent a minute and 1.2 GB.
    #[test]
    fn an_edited_width_is_refused() {
        let p = path("width.ckpt");
        let code = format!("0.{}", "3".repeat(256));
        saved(&p, &code, &values(&code, 600));
        let clean = std::fs::read(&p).unwrap();
        for width in ["1", "4", "3", "0"] {
            std::fs::write(&p, &clean).unwrap();
            reseal_header(&p, |h| h.replace("width 2", &format!("width {width}")));
            let sealed = std::fs::read(&p).unwrap();
            // Edited by hand: the header's checksum no longer matches.
            let mut by_hand = clean.clone();
            let at = clean.windows(7).position(|w| w == b"width 2").unwrap();
            by_hand[at + 6] = width.as_bytes()[0];
            std::fs::write(&p, &by_hand).unwrap();
            let err = refusal(&p, &code);
            assert!(
                err.contains("header is damaged (its checksum does not match)"),
                "{err}"
            );
            // With the checksum made right: the blocks no longer are.
            std::fs::write(&p, &sealed).unwrap();
            let err = refusal(&p, &code);
            let want = match width {
                "1" | "4" => "block 0 (heaps 0 to 15) is damaged",
                _ => "header is damaged (bad width)",
            };
            assert!(err.contains(want), "width {width}: {err}");
        }
        // Another block size is refused, not used to size a buffer.
        for (block, want) in [
            ("4294967295", "blocks of 4294967295 values, not 16"),
            (
                "99999999999999999999999",
                "header is damaged (bad block size)",
            ),
        ] {
            std::fs::write(&p, &clean).unwrap();
            reseal_header(&p, |h| h.replace("block 16", &format!("block {block}")));
            let err = refusal(&p, &code);
            assert!(err.contains(want), "{err}");
        }
    }

    #[test]
    fn another_game_or_format_is_refused() {
        let p = path("other.ckpt");
        saved(&p, "0.07", &values("0.07", 100));
        let err = refusal(&p, "0.137");
        assert!(
            err.contains("this checkpoint is for `0.07`, not `0.137`"),
            "{err}"
        );
        reseal_header(&p, |h| h.replace("normal-play", "misere-play"));
        let err = refusal(&p, "0.07");
        assert!(
            err.contains("holds `take-break misere-play` values"),
            "{err}"
        );
        // Format 1: the header, then raw values, without checksums.
        let mut old = b"grundy-sequence 1\ncode 0.07\nwidth 1\n".to_vec();
        old.extend(values("0.07", 100).le_bytes(0..101));
        std::fs::write(&p, &old).unwrap();
        let err = refusal(&p, "0.07");
        assert!(
            err.contains("checkpoint format 1, written by an older grundy, has no checksums"),
            "{err}"
        );
        assert!(
            err.contains("delete the file to compute the values again"),
            "{err}"
        );
        std::fs::write(&p, b"grundy-sequence 4\n").unwrap();
        assert!(refusal(&p, "0.07").contains("format 4 is newer"));
    }

    /// A wrong value whose block checksum was made to match (a bug in a
    /// writer, or an edit by someone who knows the format) is caught by
    /// deriving values again: here the last heap, a heap whose value is
    /// the largest, and a heap of the evenly spread sample.
    #[test]
    fn consistent_but_wrong_values_are_refused() {
        let p = path("wrong.ckpt");
        let all = values("0.137", 700);
        let spread = sample(701, 0)[9];
        for (heap, wrong) in [(700, 1), (700, 200), (333, 250), (spread, 0), (spread, 1)] {
            let truth = all.get(heap as u64).unwrap().0 as u32;
            if truth == wrong {
                continue;
            }
            let mut bad = Store::default();
            for n in 0..all.len() {
                let v = all.get(n as u64).unwrap().0 as u32;
                bad.push(if n == heap { wrong } else { v });
            }
            let _ = std::fs::remove_file(&p);
            saved(&p, "0.137", &bad);
            let err = refusal(&p, "0.137");
            let want =
                format!("G({heap}) is {wrong} in the checkpoint but {truth} by the definition");
            assert!(err.contains(&want), "{err}");
        }
    }

    #[test]
    fn the_sample_spreads_over_the_table_and_ends_at_the_last_heaps() {
        assert_eq!(sample(5, 2), [0, 1, 2, 3, 4]);
        let s = sample(1_000_000, 123_457);
        assert!(s.len() <= SAMPLE_SPREAD + SAMPLE_LAST + 1);
        assert!(s.contains(&0) && s.contains(&123_457) && s.contains(&999_999));
        assert!(s.contains(&(1_000_000 - SAMPLE_LAST)));
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert!(s.iter().any(|&n| (400_000..600_000).contains(&n)));
    }

    /// The check used on loading against the plain engine, on codes with
    /// one-, two- and three-heap options.
    #[test]
    fn mex_up_to_is_the_value_of_the_plain_engine() {
        for code in [
            "0.07", "0.6", "0.137", "4.07", "0.4", "4!.0", "0.8", "0.F", "0.1C!",
        ] {
            let r = rules(code);
            let all = values(code, 200);
            let g: Vec<u32> = (0..all.len())
                .map(|n| all.get(n as u64).unwrap().0 as u32)
                .collect();
            for n in 0..g.len() {
                let v = g[n];
                assert_eq!(plain::mex_up_to(&g[..n], &r, v), Some(v), "{code} {n}");
                assert_eq!(
                    plain::mex_up_to(&g[..n], &r, u32::MAX),
                    Some(v),
                    "{code} {n}"
                );
                if v > 0 {
                    assert_eq!(plain::mex_up_to(&g[..n], &r, v - 1), None, "{code} {n}");
                }
            }
        }
    }
}
