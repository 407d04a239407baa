//! A board search's table on disk (`--checkpoint FILE`), so a long search
//! resumes with what an earlier run found, and a later query on any board
//! of the same game starts with every shape already valued.
//!
//! # Format (version 1)
//!
//! A text header of four lines, each ending in `\n`:
//!
//! ```text
//! grundy-board-table 1
//! rule <cram|nodekayles>
//! entries <N>
//! check <8 hex digits>
//! ```
//!
//! `check` is the CRC-32 of the three lines above it. Then `N` entries of
//! 28 bytes, each little-endian:
//!
//! ```text
//! cells  u128  the piece's cells in its box (bit r * w + c)
//! not    u64   bit k set: the value is not k
//! box    u16   rows << 8 | columns
//! value  u8    the value plus one, or 0 when it is not known
//! work   u8    how much work the facts cost (1 to 65; see the table)
//! ```
//!
//! and last the CRC-32 of the header's check (u32) followed by every
//! entry's bytes, as a u32.
//!
//! # Loading
//!
//! Nothing is believed before it is checked: the header's checksum, the
//! version and the rule; the file's length against `N` (so an edited
//! count cannot cause a large allocation); the closing checksum; then
//! every entry (a box of 1 to 128 cells, cells inside it, a value no
//! greater than the piece's number of moves). Last, some entries of small
//! pieces (up to 64 of them, of at most 16 cells, the first in each of 64
//! equal stretches of the file) are searched again from the rules by the
//! plain search: a file whose checksums hold but whose values are wrong is
//! refused. A refused file is left as it is; deleting it starts the table
//! afresh.
//!
//! The entries are read twice, once to check them and once to store them
//! in the table, a chunk at a time: loading holds no copy of them beside
//! the table, so a table read from a file may take as much of
//! `--max-memory` as one that is not.

use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::bits::Bits;
use super::grid::{MAX_CELLS, Region, low_bits};
use super::rule::Rule;
use super::table::{Facts, Key, Table};
use crate::error::{Error, Result};

/// The first word of the first line.
const MAGIC: &str = "grundy-board-table";

/// The format this module reads and writes.
const VERSION: u32 = 1;

/// Bytes of one entry.
const ENTRY: usize = 28;

/// The most bytes a header may take before it is known to be one.
const MAX_HEADER: usize = 256;

/// Entries searched again from the rules on loading.
const SAMPLE: usize = 64;

/// The largest piece, in cells, that loading searches again.
const SAMPLE_CELLS: u32 = 16;

/// The name of a rule in the header.
fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Cram => "cram",
        Rule::NodeKayles => "nodekayles",
    }
}

/// The header's bytes and its checksum.
fn header(rule: Rule, entries: u64) -> (Vec<u8>, u32) {
    let text = format!(
        "{MAGIC} {VERSION}\nrule {}\nentries {entries}\n",
        rule_name(rule)
    );
    let check = crc32fast::hash(text.as_bytes());
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice(format!("check {check:08x}\n").as_bytes());
    (bytes, check)
}

/// Writes every entry of `table` for `rule` to `path`: to `<path>.tmp`
/// first, synced, then renamed over `path`, so a crash never leaves a torn
/// file in its place.
pub fn save<B: Bits>(table: &Table<B>, rule: Rule, path: &Path) -> Result<()> {
    let shown = path.display().to_string();
    let io = |e: std::io::Error| Error::io(&shown, e);
    let tmp = path.with_extension(match path.extension() {
        Some(ext) => format!("{}.tmp", ext.to_string_lossy()),
        None => "tmp".to_string(),
    });
    let (head, check) = header(rule, table.len() as u64);
    let file = std::fs::File::create(&tmp).map_err(io)?;
    let mut out = BufWriter::new(file);
    out.write_all(&head).map_err(io)?;
    let mut crc = crc32fast::Hasher::new();
    crc.update(&check.to_le_bytes());
    for (key, facts, work) in table.entries() {
        let mut e = [0u8; ENTRY];
        e[0..16].copy_from_slice(&key.bits.to_le_bytes());
        e[16..24].copy_from_slice(&facts.not.to_le_bytes());
        e[24..26].copy_from_slice(&key.tag.to_le_bytes());
        e[26] = facts.value.map_or(0, |v| v + 1);
        e[27] = work;
        crc.update(&e);
        out.write_all(&e).map_err(io)?;
    }
    out.write_all(&crc.finalize().to_le_bytes()).map_err(io)?;
    let file = out.into_inner().map_err(|e| io(e.into_error()))?;
    file.sync_all().map_err(io)?;
    drop(file);
    std::fs::rename(&tmp, path).map_err(io)
}

/// The value of a grid piece by the plain search from the rules, which
/// [`load`] holds a sample of the saved pieces against.
pub type PlainValue<'a> = dyn FnMut(Region) -> Result<u64> + 'a;

/// One saved entry: the key, the facts, and the work level (as
/// [`Table::put_level`] takes it).
pub type Entry = (Key, Facts, u8);

/// A table file that [`load`] checked, to be read into a table by
/// [`Checked::read`]: the entries are read twice, once to check them and
/// once to store them, so that loading holds no copy of them beside the
/// table.
pub struct Checked {
    /// The file, the length of its header and the length of the whole,
    /// and the header's check (where the entries' checksum starts); `None`
    /// when there is no file yet.
    file: Option<(PathBuf, u64, u64, u32)>,
    rule: Rule,
    entries: u64,
    wide: bool,
}

impl Checked {
    /// Whether some entry's cells do not fit a `u64` (a piece of a box of
    /// more than 64 cells).
    pub fn is_wide(&self) -> bool {
        self.wide
    }

    /// Hands every entry to `store`, in the file's order. If the file
    /// changed since it was checked, this stops with an error after some
    /// entries were handed over, which the caller must then forget.
    pub fn read(&self, store: &mut dyn FnMut(Entry)) -> Result<()> {
        let Some((path, header_len, len, check)) = &self.file else {
            return Ok(());
        };
        let shown = path.display().to_string();
        let changed = || {
            Error::invalid(format!(
                "{shown} changed while it was read (it was checked, then differed)"
            ))
        };
        let file = std::fs::File::open(path).map_err(|e| Error::io(&shown, e))?;
        if file.metadata().map_err(|e| Error::io(&shown, e))?.len() != *len {
            return Err(changed());
        }
        let rule = self.rule;
        let each = |_: u64, e: &[u8; ENTRY]| {
            store(parse_entry(e, rule).map_err(|_| changed())?);
            Ok(())
        };
        match each_entry(file, *header_len, self.entries, *check, &shown, each) {
            Err(Bad::Told(e)) => Err(e),
            Err(Bad::Invalid(_)) => Err(changed()),
            Ok(()) => Ok(()),
        }
    }
}

/// Why reading the entries stopped: an error to pass on as it is (the
/// file could not be read, or the caller's own), or a reason the file is
/// not what it should be (see `bad` in [`load`]).
enum Bad {
    Told(Error),
    Invalid(String),
}

impl From<Error> for Bad {
    fn from(e: Error) -> Bad {
        Bad::Told(e)
    }
}

/// Reads the `entries` entries of `file` after its header of `header_len`
/// bytes, in chunks, calling `each` with each one's index and bytes, and
/// then the closing checksum, which must be that of `check` and the
/// entries.
fn each_entry(
    mut file: std::fs::File,
    header_len: u64,
    entries: u64,
    check: u32,
    shown: &str,
    mut each: impl FnMut(u64, &[u8; ENTRY]) -> std::result::Result<(), Bad>,
) -> std::result::Result<(), Bad> {
    let io = |e: std::io::Error| Bad::Told(Error::io(shown, e));
    file.seek(SeekFrom::Start(header_len)).map_err(io)?;
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut crc = crc32fast::Hasher::new();
    crc.update(&check.to_le_bytes());
    let mut e = [0u8; ENTRY];
    for i in 0..entries {
        input.read_exact(&mut e).map_err(io)?;
        crc.update(&e);
        each(i, &e)?;
    }
    let mut tail = [0u8; 4];
    input.read_exact(&mut tail).map_err(io)?;
    if crc.finalize().to_le_bytes() != tail {
        return Err(Bad::Invalid("its entries fail their checksum".to_string()));
    }
    Ok(())
}

/// Checks the table saved at `path` for `rule` as the module explains
/// (`plain` values the sample searched again), reading its entries once
/// without keeping them; [`Checked::read`] then hands them over. A file
/// that does not exist reads as empty.
pub fn load(rule: Rule, path: &Path, plain: &mut PlainValue<'_>) -> Result<Checked> {
    let shown = path.display().to_string();
    let bad = |why: &str| {
        Error::invalid(format!(
            "{shown} is not a usable board table: {why} (delete it to start afresh)"
        ))
    };
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Checked {
                file: None,
                rule,
                entries: 0,
                wide: false,
            });
        }
        Err(e) => return Err(Error::io(&shown, e)),
    };
    let len = file.metadata().map_err(|e| Error::io(&shown, e))?.len();
    let mut head = Vec::new();
    (&mut file)
        .take(MAX_HEADER as u64)
        .read_to_end(&mut head)
        .map_err(|e| Error::io(&shown, e))?;
    // The header is the first four lines.
    let ends: Vec<usize> = head
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .map(|(i, _)| i + 1)
        .take(4)
        .collect();
    if ends.len() < 4 {
        return Err(bad("no header (it is not a file this program wrote)"));
    }
    let text = std::str::from_utf8(&head[..ends[3]]).map_err(|_| bad("no header"))?;
    let lines: Vec<&str> = text.lines().collect();
    let first = lines[0].split_once(' ');
    match first {
        Some((MAGIC, v)) if v == VERSION.to_string() => {}
        Some((MAGIC, v)) => {
            return Err(bad(&format!(
                "format {v}, but this program reads format {VERSION}"
            )));
        }
        _ => return Err(bad("no header (it is not a file this program wrote)")),
    }
    let check = lines[3]
        .strip_prefix("check ")
        .and_then(|c| u32::from_str_radix(c, 16).ok())
        .ok_or_else(|| bad("its header has no checksum"))?;
    if crc32fast::hash(&head[..ends[2]]) != check {
        return Err(bad("its header fails its checksum"));
    }
    let saved_rule = lines[1].strip_prefix("rule ").unwrap_or("");
    if saved_rule != rule_name(rule) {
        return Err(bad(&format!(
            "it holds a table of {saved_rule}, not of {}",
            rule_name(rule)
        )));
    }
    let entries: u64 = lines[2]
        .strip_prefix("entries ")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| bad("its header has no entry count"))?;
    let header_len = ends[3] as u64;
    if entries
        .checked_mul(ENTRY as u64)
        .and_then(|b| b.checked_add(header_len + 4))
        != Some(len)
    {
        return Err(bad(&format!(
            "{len} bytes, not the {entries} entries its header counts (a torn or edited file)"
        )));
    }
    // Every entry checked, and a sample of small pieces kept: the first
    // small piece in each of `SAMPLE` equal stretches of the file.
    // A damaged file is named so by its checksum, which comes last: the
    // first entry that does not read is told only once that holds.
    let stretch = entries.div_ceil(SAMPLE as u64).max(1);
    let mut sample = Vec::new();
    let mut wide = false;
    let mut unreadable = None;
    let each = |i: u64, e: &[u8; ENTRY]| {
        match parse_entry(e, rule) {
            Ok(entry) => {
                wide |= entry.0.bits >> 64 != 0;
                let stretches_sampled = sample.len() as u64;
                if i / stretch >= stretches_sampled && entry.0.bits.count_ones() <= SAMPLE_CELLS {
                    sample.push(entry);
                }
            }
            Err(why) => {
                unreadable.get_or_insert(format!("entry {i}: {why}"));
            }
        }
        Ok(())
    };
    match each_entry(file, header_len, entries, check, &shown, each) {
        Err(Bad::Told(e)) => return Err(e),
        Err(Bad::Invalid(why)) => return Err(bad(&why)),
        Ok(()) => {}
    }
    if let Some(why) = unreadable {
        return Err(bad(&why));
    }
    verify_sample(&sample, plain).map_err(|why| bad(&why))?;
    Ok(Checked {
        file: Some((path.to_path_buf(), header_len, len, check)),
        rule,
        entries,
        wide,
    })
}

/// One entry, checked to describe a piece of a box.
fn parse_entry(e: &[u8], rule: Rule) -> std::result::Result<Entry, String> {
    let bits = u128::from_le_bytes(e[0..16].try_into().expect("16 bytes"));
    let not = u64::from_le_bytes(e[16..24].try_into().expect("8 bytes"));
    let tag = u16::from_le_bytes([e[24], e[25]]);
    let (h, w) = ((tag >> 8) as u32, (tag & 0xFF) as u32);
    if h == 0 || w == 0 || (h * w) as usize > MAX_CELLS {
        return Err(format!("a box of {h} x {w}"));
    }
    if bits & !low_bits::<u128>(h * w) != 0 || bits == 0 {
        return Err(format!("cells outside its {h} x {w} box"));
    }
    let region = Region::new(h as u8, w as u8, bits);
    let moves = match rule {
        Rule::Cram => region.horizontal_pairs().count_ones() + region.vertical_pairs().count_ones(),
        Rule::NodeKayles => region.len(),
    };
    let value = e[26].checked_sub(1);
    if value.is_some_and(|v| v as u32 > moves) {
        return Err(format!(
            "the value {} of a piece with {moves} moves",
            value.unwrap_or(0)
        ));
    }
    if e[27] == 0 || e[27] > 65 {
        return Err(format!("a work level of {}", e[27]));
    }
    Ok((Key { bits, tag }, Facts { value, not }, e[27]))
}

/// Searches again, by the plain search from the rules, the sampled
/// entries of small pieces; `Err` names the first that disagrees.
fn verify_sample(sample: &[Entry], plain: &mut PlainValue<'_>) -> std::result::Result<(), String> {
    for &(key, facts, _) in sample {
        let region = Region::new((key.tag >> 8) as u8, (key.tag & 0xFF) as u8, key.bits);
        let v = plain(region).map_err(|e| e.to_string())?;
        let wrong = match facts.value {
            Some(saved) => saved as u64 != v,
            None => v < 64 && facts.not >> v & 1 == 1,
        };
        if wrong {
            return Err(format!(
                "it gives a piece of {} cells facts that contradict its value {v}",
                key.bits.count_ones()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::search::{Cells, Search, Strategy};
    use crate::limits::Limits;

    /// The plain search's value of a piece, as the loading checks it.
    fn plain(region: Region) -> Result<u64> {
        let mut search = Search::new(Rule::Cram).with_strategy(Strategy::Mex);
        Ok(search.value(Cells::Grid(region), &Limits::default())?.0)
    }

    /// A table file of Cram pieces of a 3 × 6 box, in a fresh file named
    /// for `name`, and its entries as saved.
    fn saved_table(name: &str) -> (PathBuf, Vec<Entry>) {
        let path = std::env::temp_dir().join(format!(
            "grundy-saved-{name}-{}-{:?}.table",
            std::process::id(),
            std::thread::current().id()
        ));
        let mut table = Table::<u128>::new(1 << 20);
        for bits in 1..400u128 {
            let region = Region::new(3, 6, bits * 0x2F % (1 << 18));
            if region.bits.count_ones() >= 4 {
                let value = plain(region).unwrap() as u8;
                let key = Key {
                    bits: region.bits,
                    tag: 3 << 8 | 6,
                };
                table.put(key, Facts::value(value), bits as u64);
            }
        }
        save(&table, Rule::Cram, &path).unwrap();
        (path, table.entries().collect())
    }

    /// What was saved is handed back, every entry, in the file's order,
    /// and a file with no entry beyond 64 bits is not wide.
    #[test]
    fn a_checked_file_hands_back_every_entry() {
        let (path, saved) = saved_table("back");
        let checked = load(Rule::Cram, &path, &mut plain).unwrap();
        assert!(!checked.is_wide());
        let mut read = Vec::new();
        checked.read(&mut |e| read.push(e)).unwrap();
        assert_eq!(read, saved);
        assert!(read.len() > 100);
        std::fs::remove_file(&path).unwrap();
    }

    /// A file changed after it was checked is refused when read, with the
    /// reason, even when its length is the same.
    #[test]
    fn a_file_changed_after_its_check_is_refused() {
        let (path, _) = saved_table("changed");
        let checked = load(Rule::Cram, &path, &mut plain).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let last_entry = bytes.len() - 4 - ENTRY;
        bytes[last_entry + 16] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let why = checked.read(&mut |_| {}).unwrap_err().to_string();
        assert!(why.contains("changed while it was read"), "{why}");
        bytes.push(0);
        std::fs::write(&path, &bytes).unwrap();
        let why = checked.read(&mut |_| {}).unwrap_err().to_string();
        assert!(why.contains("changed while it was read"), "{why}");
        std::fs::remove_file(&path).unwrap();
    }

    /// A file that does not exist reads as an empty table.
    #[test]
    fn no_file_is_an_empty_table() {
        let path = std::env::temp_dir().join("grundy-saved-no-such-file.table");
        let checked = load(Rule::Cram, &path, &mut plain).unwrap();
        let mut n = 0;
        checked.read(&mut |_| n += 1).unwrap();
        assert_eq!(n, 0);
    }
}
