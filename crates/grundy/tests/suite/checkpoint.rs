//! Checkpoints of the sequence engine, damaged the ways files are damaged:
//! a torn end, flipped bytes in the middle, an edited or cut header, a file
//! of another game or of the old format, and a wrong value sealed with a
//! correct checksum. Each is either resumed with only good values or
//! refused with an error naming the file and what is wrong.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use grundy::heap::octal::{Code, TakeBreak};
use grundy::seq::{Sequence, Store, plain_table};
use grundy::{ErrorKind, Limits};

/// Heaps `0..=TO` of 0.6 fill three blocks of 65536 values and part of a
/// fourth, two bytes a value (0.6 first reaches 256 at heap 10344).
const TO: u64 = 200_000;
const BLOCK: u64 = 1 << 16;
const SLOT: u64 = 8 + 2 * BLOCK;

fn game(code: &str) -> TakeBreak {
    TakeBreak::new(Code::parse(code, code, 1, false).unwrap())
}

fn all() -> Limits {
    Limits::default().with_shortcuts(false)
}

fn dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-ckpt-suite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The bytes of a checkpoint of 0.6 up to `TO`, written once by an
/// uninterrupted run, and that run's values.
fn reference() -> &'static (Vec<u8>, Store) {
    static REFERENCE: OnceLock<(Vec<u8>, Store)> = OnceLock::new();
    REFERENCE.get_or_init(|| {
        let path = dir().join("reference.ckpt");
        let _ = std::fs::remove_file(&path);
        let mut seq = Sequence::new(game("0.6"));
        seq.attach_checkpoint(&path).unwrap();
        seq.extend(TO, &all()).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        (bytes, seq.store().clone())
    })
}

/// A copy of the reference checkpoint, changed by `damage`.
fn damaged(name: &str, damage: impl FnOnce(&mut Vec<u8>)) -> PathBuf {
    let mut bytes = reference().0.clone();
    damage(&mut bytes);
    let path = dir().join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Bytes of the header: through the sixth newline.
fn header_len(bytes: &[u8]) -> usize {
    let mut lines = bytes.iter().enumerate().filter(|&(_, &b)| b == b'\n');
    lines.nth(5).unwrap().0 + 1
}

/// The message of the error when `code` resumes from `path`; the file
/// must be left as it was.
fn refusal(path: &Path, code: &str) -> String {
    let before = std::fs::read(path).unwrap();
    let mut seq = Sequence::new(game(code));
    let err = seq.attach_checkpoint(path).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Invalid(_)), "{err:?}");
    let message = err.to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert_eq!(std::fs::read(path).unwrap(), before);
    assert!(seq.is_empty());
    message
}

#[test]
fn the_reference_file_has_the_documented_layout() {
    let (bytes, values) = reference();
    let h = header_len(bytes);
    let text = std::str::from_utf8(&bytes[..h]).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "grundy-sequence 2",
            "code 0.6",
            "engine take-break normal-play",
            "width 2",
            "block 65536"
        ]
    );
    let five = &text[..text.len() - lines[5].len() - 1];
    let seal = crc32fast::hash(five.as_bytes());
    assert_eq!(lines[5], format!("check {seal:08x}"));
    let tail = (TO + 1) % BLOCK;
    assert_eq!(bytes.len() as u64, h as u64 + 3 * SLOT + 8 + 2 * tail);
    // Block 1, checked by the formula of the documentation.
    let block = &bytes[h + SLOT as usize..h + 2 * SLOT as usize];
    assert_eq!(block[..4], (BLOCK as u32).to_le_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(&seal.to_le_bytes());
    crc.update(&1u64.to_le_bytes());
    crc.update(&block[..SLOT as usize - 4]);
    assert_eq!(block[SLOT as usize - 4..], crc.finalize().to_le_bytes());
    let g = u16::from_le_bytes([block[4 + 2 * 7], block[5 + 2 * 7]]);
    assert_eq!(u64::from(g), values.get(BLOCK + 7).unwrap().0);
}

/// A run killed while appending leaves a torn last block: resuming keeps
/// the blocks before it, and the values then computed are those of an
/// uninterrupted run (whose start is checked against the plain engine).
#[test]
fn a_torn_tail_resumes_from_the_good_blocks_and_ends_with_the_same_values() {
    let (bytes, values) = reference();
    let h = header_len(bytes) as u64;
    for (cut, kept) in [(2 * SLOT + 1000, 2 * BLOCK), (3 * SLOT + 5, 3 * BLOCK)] {
        let path = damaged("torn.ckpt", |b| b.truncate((h + cut) as usize));
        let mut seq = Sequence::new(game("0.6"));
        seq.attach_checkpoint(&path).unwrap();
        assert_eq!(seq.len(), kept);
        assert_eq!(
            std::fs::metadata(&path).unwrap().len(),
            h + kept / BLOCK * SLOT
        );
        seq.extend(TO, &all()).unwrap();
        assert_eq!(seq.store(), values);
        // And the file it leaves is the uninterrupted run's.
        assert_eq!(&std::fs::read(&path).unwrap(), bytes);
        std::fs::remove_file(&path).unwrap();
    }
    let plain = plain_table(&game("0.6"), 3000);
    assert!((0..=3000).all(|n| values.get(n) == Some(plain[n as usize])));
}

/// The user's report: bytes flipped in the middle were loaded as they
/// were (G(500000) printed 23181; it is 141).
#[test]
fn flipped_bytes_in_the_middle_are_refused_naming_the_block_and_the_file() {
    let h = header_len(&reference().0);
    let at = h + SLOT as usize + 40_000;
    let path = damaged("flipped.ckpt", |b| {
        for byte in &mut b[at..at + 3] {
            *byte ^= 0x5a;
        }
    });
    let err = refusal(&path, "0.6");
    assert!(
        err.contains("block 1 (heaps 65536 to 131071) is damaged"),
        "{err}"
    );
}

/// The user's report: `width 2` edited to `width 1` gave 2,986,057 wrong
/// lines; edited to `width 4`, a minute at 1.2 GB. Both are now refused at
/// once, as is a header cut short.
#[test]
fn an_edited_or_cut_header_is_refused() {
    for width in ["1", "4"] {
        let path = damaged(&format!("width{width}.ckpt"), |b| {
            let at = b.windows(7).position(|w| w == b"width 2").unwrap();
            b[at + 6] = width.as_bytes()[0];
        });
        let started = std::time::Instant::now();
        let err = refusal(&path, "0.6");
        assert!(
            err.contains("header is damaged (its checksum does not match)"),
            "{err}"
        );
        assert!(started.elapsed().as_secs() < 5);
    }
    for len in [10, 40, header_len(&reference().0) - 2] {
        let path = damaged("cut.ckpt", |b| b.truncate(len));
        let err = refusal(&path, "0.6");
        assert!(err.contains("header is damaged (it is cut short)"), "{err}");
    }
}

#[test]
fn another_game_or_the_old_format_is_refused() {
    let path = damaged("other.ckpt", |_| {});
    let err = refusal(&path, "0.77");
    assert!(
        err.contains("this checkpoint is for `0.6`, not `0.77`"),
        "{err}"
    );
    let old = damaged("old.ckpt", |b| {
        let mut v1 = b"grundy-sequence 1\ncode 0.6\nwidth 2\n".to_vec();
        v1.extend(reference().1.le_bytes(0..1000));
        *b = v1;
    });
    let err = refusal(&old, "0.6");
    assert!(err.contains("checkpoint format 1"), "{err}");
    assert!(
        err.contains("delete the file to compute the values again"),
        "{err}"
    );
}

/// Writes `value` as `G(n)` and seals the block again with a correct
/// checksum, by the layout of the documentation: a consistent file with a
/// wrong value, which only deriving values again can catch.
fn resealed(name: &str, n: u64, value: u16) -> PathBuf {
    damaged(name, |b| {
        let h = header_len(b);
        let seal = u32::from_str_radix(&String::from_utf8_lossy(&b[h - 9..h - 1]), 16).unwrap();
        let k = n / BLOCK;
        let start = h + (k * SLOT) as usize;
        let end = (start + SLOT as usize).min(b.len());
        let at = start + 4 + 2 * (n % BLOCK) as usize;
        b[at..at + 2].copy_from_slice(&value.to_le_bytes());
        let mut crc = crc32fast::Hasher::new();
        crc.update(&seal.to_le_bytes());
        crc.update(&k.to_le_bytes());
        crc.update(&b[start..end - 4]);
        let check = crc.finalize().to_le_bytes();
        b[end - 4..end].copy_from_slice(&check);
    })
}

#[test]
fn a_wrong_value_sealed_with_a_correct_checksum_is_caught_by_the_sample() {
    let values = &reference().1;
    // The last heap, and a value far too large in the middle (the user's
    // 23181): the sample always holds the heap with the largest value.
    for (n, wrong) in [(TO, 1), (150_000, 23181)] {
        let truth = values.get(n).unwrap().0;
        assert_ne!(truth, u64::from(wrong));
        let path = resealed("resealed.ckpt", n, wrong);
        let err = refusal(&path, "0.6");
        let want = format!("G({n}) is {wrong} in the checkpoint but {truth} by the definition");
        assert!(err.contains(&want), "{err}");
    }
    // The same edit with the right value is accepted: the reseal is exact.
    let n = 150_000;
    let path = resealed("same.ckpt", n, values.get(n).unwrap().0 as u16);
    let mut seq = Sequence::new(game("0.6"));
    seq.attach_checkpoint(&path).unwrap();
    assert_eq!(seq.store(), values);
}
