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
//! pieces (up to 64 of them, of at most 16 cells) are searched again from
//! the rules by the plain search: a file whose checksums hold but whose
//! values are wrong is refused. A refused file is left as it is; deleting
//! it starts the table afresh.

use std::io::{BufWriter, Read, Write};
use std::path::Path;

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

/// Reads the table saved at `path` for `rule`, after checking it as the
/// module explains (`plain` values the sample searched again), and returns
/// its entries for the caller to store (in a table whose word fits them).
/// A file that does not exist reads as empty.
pub fn load(rule: Rule, path: &Path, plain: &mut PlainValue<'_>) -> Result<Vec<Entry>> {
    let shown = path.display().to_string();
    let bad = |why: &str| {
        Error::invalid(format!(
            "{shown} is not a usable board table: {why} (delete it to start afresh)"
        ))
    };
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
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
    let mut body = head[ends[3]..].to_vec();
    file.read_to_end(&mut body)
        .map_err(|e| Error::io(&shown, e))?;
    if body.len() as u64 != len - header_len {
        return Err(bad("it changed while it was read"));
    }
    let (records, tail) = body.split_at(body.len() - 4);
    let mut crc = crc32fast::Hasher::new();
    crc.update(&check.to_le_bytes());
    crc.update(records);
    if crc.finalize().to_le_bytes() != tail {
        return Err(bad("its entries fail their checksum"));
    }
    let mut read = Vec::with_capacity(entries as usize);
    for (i, e) in records.chunks_exact(ENTRY).enumerate() {
        let entry = parse_entry(e, rule).map_err(|why| bad(&format!("entry {i}: {why}")))?;
        read.push(entry);
    }
    verify_sample(&read, plain).map_err(|why| bad(&why))?;
    Ok(read)
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

/// Searches again, by the plain search from the rules, up to [`SAMPLE`]
/// entries of small pieces spread over `entries`; `Err` names the first
/// that disagrees.
fn verify_sample(entries: &[Entry], plain: &mut PlainValue<'_>) -> std::result::Result<(), String> {
    let small: Vec<&Entry> = entries
        .iter()
        .filter(|(k, _, _)| k.bits.count_ones() <= SAMPLE_CELLS)
        .collect();
    let step = small.len().div_ceil(SAMPLE).max(1);
    for &&(key, facts, _) in small.iter().step_by(step) {
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
