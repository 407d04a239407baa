//! A bounded table for the sparse engine: the values it still reads, not
//! every value.
//!
//! For a code that splits a heap into two, the sparse engine finds `G(n)`
//! from the heaps just below `n` (moves that leave one heap), the pairs
//! `(r, s − r)` of each rare position `r` (whose other heap lies within
//! `r + i` of `n` for a removal of `i`), and the confirming scans, which
//! read the pairs `(a, s − a)` for `a = 1, 2, …` until every abundant value
//! below the candidate is found. Once every rare position is known, a run
//! needs only the first values (as deep as the deepest scan) and the last
//! ones behind the heap.
//!
//! So the table keeps a prefix `G(0..L)` in place and a window of the last
//! values behind the heap, moved down next to the prefix: heap `n >= L`
//! sits at `n − moved`. The engine reads this table as if it were whole.
//! Its reads land on the right values while the removals keep their
//! parity (`moved` is even), every rare position lies in the prefix, the
//! window reaches past every rare pair and the direct moves, and no scan
//! reads a smaller heap at or past `L`: then each pair it reads, `(a,
//! s' − a)` at the moved places, is the pair `(a, s − a)` of the true heap.
//! The first three are checked before values are moved; the engine checks
//! the last heap by heap (see [`crate::seq::sparse::Sparse::bound_reads`]),
//! and with it two events that would break the second: a new rare position,
//! or a review that wants another classification or engine.
//!
//! When a heap breaks the promise the values it needs are gone. They are
//! computed again from heap 0, with every value kept until past that heap,
//! and then a prefix at least twice the deepest scan seen. Recomputing was
//! chosen over keeping the moved values elsewhere (a file read back on
//! demand) because it needs nothing but the engine itself, and because
//! it is rare where the table pays: every rare position of Officers lies
//! below 20,628 and its deepest scan to 10^8 reads 615,745 pairs, within
//! the default prefix of 2^20 values (see `docs/BENCHMARKS.md`). Its cost
//! is a run to the failing heap for each failure; each failure at least
//! doubles the prefix or passes one more heap with every value kept.
//! Grundy's game would pay it twice, at the new rare positions 7,250,049
//! (its first value 256) and 48,399,022, which the prefix must then hold:
//! about 80 million heaps computed again on the way to 10^9. So a table
//! may first keep every value while they fit a share of the memory budget
//! ([`crate::limits::RunOptions::window_keep`]; `--window` takes a
//! sixteenth of `--max-memory`), and move values only past it: a rare
//! position below that point costs nothing.
//!
//! A checkpoint of a bounded table (format 3, see [`super::checkpoint`])
//! holds the kept values at their places, the prefix and `moved`, and what
//! the engine learned that the kept values no longer show ([`Learned`]):
//! resumed, the engine reads the same places and finds the same values.

use super::checkpoint::Bounded;
use super::rules::Rules;
use super::scheduler::{Engine, Learned};
use super::store::Store;
use crate::family::TABLE_CHUNK;

/// Where a bounded table keeps its values, and what it learned about the
/// reads (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct Window {
    /// The least prefix and window, in values.
    least: usize,
    /// The least window, in values: a stretch of values handed out
    /// together (see [`TABLE_CHUNK`]) is kept until the next chunk.
    floor: usize,
    /// How many times the deepest scan seen the prefix holds when values
    /// first move: 2, so that scans may grow that much deeper before one
    /// outruns it.
    spare: usize,
    /// Heaps `0..prefix` sit at their own place (0 while nothing has moved).
    prefix: usize,
    /// Heaps moved out: heap `n >= prefix` sits at `n − moved`.
    moved: u64,
    /// The deepest scan seen, over every run.
    deepest: usize,
    /// Nothing moves before this many values are computed (set past a heap
    /// that outran the table).
    hold_until: u64,
    /// How many times the values were computed again.
    recomputed: u32,
}

impl Window {
    /// A table keeping every value so far, with prefix and window of at
    /// least `least` values once values move.
    pub(crate) fn new(least: usize) -> Window {
        Window {
            least: least.max(2),
            floor: TABLE_CHUNK,
            spare: 2,
            prefix: 0,
            moved: 0,
            deepest: 0,
            hold_until: 0,
            recomputed: 0,
        }
    }

    /// A table as [`Window::new`] makes, but whose window may be smaller
    /// than a stretch of values handed out together and whose prefix holds
    /// only the deepest scan seen: tests on short sequences then move
    /// values, and scans outrun the prefix.
    #[cfg(test)]
    pub(crate) fn tiny(least: usize) -> Window {
        Window {
            floor: 2,
            spare: 1,
            ..Window::new(least)
        }
    }

    /// Heaps moved out of the table so far.
    pub(crate) fn moved(&self) -> u64 {
        self.moved
    }

    /// How many times the values were computed again.
    pub(crate) fn recomputed(&self) -> u32 {
        self.recomputed
    }

    /// Where heap `n` sits in the table, if it is kept.
    pub(crate) fn place(&self, n: u64) -> Option<u64> {
        if n < self.prefix as u64 || self.moved == 0 {
            return Some(n);
        }
        n.checked_sub(self.moved)
            .filter(|&i| i >= self.prefix as u64)
    }

    /// Where the heaps `heaps` sit in the table, if all are kept.
    pub(crate) fn places(&self, heaps: std::ops::Range<u64>) -> Option<std::ops::Range<u64>> {
        if heaps.is_empty() {
            return Some(0..0);
        }
        if self.moved == 0 || heaps.end <= self.prefix as u64 {
            return Some(heaps);
        }
        let start = self.place(heaps.start)?;
        (start >= self.prefix as u64).then(|| start..heaps.end - self.moved)
    }

    /// Moves out the values the engine no longer reads, when there are
    /// enough of them and the engine's reads allow (see the module
    /// documentation) from `store`, which holds the table's values at
    /// their places. Nothing moves before the values computed would take
    /// `keep` bytes, nor before `hold_until` values.
    pub(crate) fn move_out(&mut self, store: &mut Store, engine: &mut Engine, keep: u64) {
        let known = store.len() as u64 + self.moved;
        let hold = self.hold_until.max(keep / u64::from(store.width()));
        if known < hold || engine.triple.is_some() {
            return;
        }
        let Some(sparse) = &engine.sparse else {
            return;
        };
        let (deepest, largest_rare) = sparse.reach();
        self.deepest = self.deepest.max(deepest);
        let prefix = if self.moved == 0 {
            even_up(
                self.least
                    .max(self.spare * self.deepest)
                    .max(largest_rare + 1),
            )
        } else {
            self.prefix
        };
        let reach = largest_removal(&engine.rules);
        // Past the prefix by the longest move, the window holds the other
        // heap of every pair a scan reads and of every rare pair (the rare
        // positions lie in the prefix), and keeps every rare position and
        // scan below the middle of each split.
        let window = even_up(self.least.max(prefix + reach + 2).max(self.floor));
        // Move at least a window's worth at a time, so that moving costs
        // a copy of each value at most once.
        let len = store.len();
        if len < prefix + 2 * window {
            return;
        }
        let drop = (len - prefix - window) & !1;
        store.remove(prefix..prefix + drop);
        self.prefix = prefix;
        self.moved += drop as u64;
        engine.bound_reads(prefix);
    }

    /// Prepares to compute again from heap 0 after heap `failed` outran
    /// the table: nothing moves until it is computed.
    pub(crate) fn restart(&mut self, failed: u64) {
        self.prefix = 0;
        self.moved = 0;
        self.hold_until = failed + 1;
        self.recomputed += 1;
    }
}

/// A bounded table's state in its checkpoint: the window's fields that
/// the values' places do not give, and what the engine learned (`None`
/// before the sparse engine runs, when nothing has moved).
#[derive(serde::Serialize, serde::Deserialize)]
struct Saved {
    least: usize,
    floor: usize,
    spare: usize,
    deepest: usize,
    hold_until: u64,
    recomputed: u32,
    engine: Option<Learned>,
}

impl Window {
    /// Where the values of `engine`'s table sit and what the engine
    /// learned, for a checkpoint.
    pub(crate) fn saved(&self, engine: &Engine) -> Bounded {
        let saved = Saved {
            least: self.least,
            floor: self.floor,
            spare: self.spare,
            deepest: self.deepest,
            hold_until: self.hold_until,
            recomputed: self.recomputed,
            engine: engine.learned(),
        };
        Bounded {
            prefix: self.prefix,
            moved: self.moved,
            state: serde_json::to_string(&saved).expect("plain numbers serialise"),
        }
    }

    /// The window a checkpoint saved, and what its engine learned; an
    /// error says what of the state does not read.
    pub(crate) fn resumed(bounded: &Bounded) -> Result<(Window, Option<Learned>), String> {
        let saved: Saved =
            serde_json::from_str(&bounded.state).map_err(|e| format!("its state: {e}"))?;
        if bounded.moved > 0 && saved.engine.is_none() {
            return Err("values moved without the sparse engine".to_string());
        }
        let window = Window {
            least: saved.least.max(2),
            floor: saved.floor.max(2),
            spare: saved.spare.max(1),
            prefix: if bounded.moved > 0 { bounded.prefix } else { 0 },
            moved: bounded.moved,
            deepest: saved.deepest,
            hold_until: saved.hold_until,
            recomputed: saved.recomputed,
        };
        Ok((window, saved.engine))
    }

    /// The first heap a stream of values may start at: every value from
    /// it on is kept (or not yet computed).
    pub(crate) fn first_streamable(&self) -> u64 {
        if self.moved == 0 {
            0
        } else {
            self.prefix as u64 + self.moved
        }
    }
}

/// The largest number of tokens a move removes.
fn largest_removal(rules: &Rules) -> usize {
    let splits = rules.split_two.iter().map(|&(i, _)| i);
    let others = rules.leave_none.iter().chain(&rules.leave_one).copied();
    splits.chain(others).max().unwrap_or(0) as usize
}

/// `x` rounded up to an even number, so that moving keeps parities.
fn even_up(x: usize) -> usize {
    x + (x & 1)
}

#[cfg(test)]
mod tests {
    use super::Window;
    use crate::heap::octal::{Code, TakeBreak};
    use crate::limits::Limits;
    use crate::nimber::Nimber;
    use crate::seq::{Sequence, TwoThreads, plain_table};

    /// `G(0..=to)` through the bounded table `window`, each value read
    /// while it is still kept (after the chunk that computed it), and the
    /// sequence.
    fn bounded(game: &TakeBreak, to: u64, window: Window) -> (Vec<Nimber>, Sequence) {
        bounded_on(game, to, window, None, 0)
    }

    /// [`bounded`] on two threads the way given (`None`: the default),
    /// keeping every value while they take less than `keep` bytes.
    fn bounded_on(
        game: &TakeBreak,
        to: u64,
        window: Window,
        way: Option<TwoThreads>,
        keep: u64,
    ) -> (Vec<Nimber>, Sequence) {
        let mut seq = Sequence::new(game.clone());
        seq.engine.short_chunks = true;
        let mut limits = Limits::default()
            .with_shortcuts(false)
            .with_window(Some(window.least))
            .with_window_keep(keep);
        if let Some(way) = way {
            seq.force_two_threads(way);
            limits = limits.with_threads(2);
        }
        seq.window = Some(window);
        let mut values = Vec::new();
        seq.extend_with(to, &limits, &mut |seq| {
            // After a recomputation the length starts again from 0.
            for n in values.len() as u64..seq.len() {
                values.push(seq.get(n).expect("a new value is kept"));
            }
            Ok(())
        })
        .unwrap();
        (values, seq)
    }

    /// Bounded tables on two threads, each way forced, give the values of
    /// the engine with every value kept: a heap a thread computes that
    /// outruns the table reaches the engine, which computes again, and the
    /// threads' scans count for the prefix.
    #[test]
    fn bounded_tables_on_two_threads_match() {
        let mut recomputed = 0;
        for (code, to) in [("0.6", 160_000), ("4!.0", 300_000)] {
            let game = TakeBreak::new(Code::parse(code, code, 1, false).unwrap());
            let whole = whole(&game, to);
            for way in [TwoThreads::Pipeline, TwoThreads::Speculation] {
                let (values, seq) = bounded_on(&game, to, Window::tiny(64), Some(way), 0);
                assert_eq!(values, whole, "{code} {way:?}");
                assert!(seq.two_thread_chunks() > 0, "{code} {way:?}");
                let window = seq.window.as_ref().unwrap();
                assert!(window.moved() > 0, "{code} {way:?}");
                recomputed += window.recomputed();
            }
        }
        assert!(recomputed >= 2, "{recomputed} recomputations");
    }

    /// `G(0..=to)` with every value kept.
    fn whole(game: &TakeBreak, to: u64) -> Vec<Nimber> {
        let mut seq = Sequence::new(game.clone());
        seq.extend(to, &Limits::default().with_shortcuts(false))
            .unwrap();
        (0..=to).map(|n| seq.get(n).unwrap()).collect()
    }

    /// Bounded tables give the plain engine's values, byte for byte, on
    /// Officers, Grundy's game and other codes the sparse engine runs
    /// (one split removal and several, equal heaps and unequal), with
    /// windows so small that values move, scans outrun the prefix, new rare
    /// positions appear after a move, and the values are computed again;
    /// the counts guard against those going untried.
    #[test]
    fn bounded_tables_match_the_plain_engine() {
        let (mut moves, mut recomputed) = (0, 0);
        for (code, to) in [
            ("0.6", 160_000),
            ("4!.0", 300_000),
            ("0.106", 24_000),
            ("4.07", 24_000),
            ("0.16", 24_000),
            ("0.356", 24_000),
            ("4.464", 24_000),
            ("0.77", 24_000),
        ] {
            let game = TakeBreak::new(Code::parse(code, code, 1, false).unwrap());
            // The plain engine takes too long on the longer runs: those are
            // held against the engine with every value kept.
            let plain = if to <= 30_000 {
                plain_table(&game, to)
            } else {
                whole(&game, to)
            };
            for least in [2, 64] {
                let (values, seq) = bounded(&game, to, Window::tiny(least));
                assert_eq!(values, plain, "{code} least {least}");
                let window = seq.window.as_ref().expect("bounded");
                moves += u64::from(window.moved() > 0);
                recomputed += window.recomputed();
                if window.moved() > 0 {
                    // The moved values are gone, the first and last kept.
                    let gap = window.prefix as u64;
                    assert_eq!(seq.get(gap), None, "{code}");
                    assert_eq!(seq.get(0), Some(plain[0]));
                    assert_eq!(seq.get(to), Some(plain[to as usize]));
                    let mut sink = |_: &[Nimber]| Ok(());
                    assert!(seq.stream_chunks_from(0, to, &mut sink).is_err());
                    assert!(seq.stream_chunks_from(to - 10, to, &mut sink).is_ok());
                }
            }
        }
        // 14 of 18 tables move values (0.16 runs the dense engine, and
        // 0.106 fails late and holds), 6 are computed again.
        assert!(moves >= 12, "{moves} tables moved values");
        assert!(recomputed >= 4, "{recomputed} recomputations");
    }

    /// A bounded table keeps a prefix and a window, not every value: Officers
    /// to 400 000 keeps fewer than three quarters of its values, computed once, and
    /// they are the values the engine gives with every value kept.
    #[test]
    fn a_bounded_table_keeps_a_prefix_and_a_window() {
        let game = TakeBreak::new(Code::parse("0.6", "0.6", 1, false).unwrap());
        let to = 400_000;
        let (values, seq) = bounded(&game, to, Window::new(4096));
        assert_eq!(values, whole(&game, to));
        let window = seq.window.as_ref().expect("bounded");
        assert!(window.moved() > 100_000, "{} moved", window.moved());
        assert!(seq.store.len() < 300_000, "{} kept", seq.store.len());
        assert_eq!(window.recomputed(), 0);
    }

    /// A table that keeps every value until they fill its share of memory
    /// computes nothing again for a rare position below that point: the
    /// last heap that outran a table moving values from the start is passed
    /// with every value kept, and values still move after it (where the
    /// table goes on long enough).
    #[test]
    fn values_kept_until_their_share_outrun_nothing() {
        let (mut outran, mut moved_after) = (0, 0);
        for code in ["0.106", "4.07", "0.356", "4.464", "0.77"] {
            let game = TakeBreak::new(Code::parse(code, code, 1, false).unwrap());
            let to = 24_000;
            let plain = plain_table(&game, to);
            let (values, seq) = bounded(&game, to, Window::tiny(64));
            assert_eq!(values, plain, "{code}");
            let window = seq.window.as_ref().unwrap();
            if window.recomputed() == 0 {
                continue;
            }
            outran += 1;
            let keep = window.hold_until * u64::from(seq.store.width());
            let (values, seq) = bounded_on(&game, to, Window::tiny(64), None, keep);
            assert_eq!(values, plain, "{code}");
            let window = seq.window.as_ref().unwrap();
            assert_eq!(window.recomputed(), 0, "{code}");
            moved_after += u32::from(window.moved() > 0);
        }
        assert!(outran >= 2, "{outran} tables outran");
        assert!(moved_after >= 1, "no table moved values past its share");
    }

    /// A rare position recorded after the reads were bounded outruns the
    /// table, and any other value does not.
    #[test]
    fn a_new_rare_position_outruns_a_bounded_table() {
        let class = crate::seq::mask::Class {
            mask: 1,
            domain: false,
            rare: 0,
        };
        let table: Vec<u8> = vec![0, 1, 1, 2, 0, 3, 1, 1];
        for v in 0..4 {
            let mut sparse = crate::seq::sparse::Sparse::new(class, 4, &table);
            sparse.bound_reads(4);
            assert!(!sparse.outran());
            sparse.record(table.len(), v);
            assert_eq!(sparse.outran(), class.is_rare(table.len(), v), "{v}");
        }
    }

    /// A review that would rebuild the engine from the table (a better
    /// classification than the current one) is refused once reads are
    /// bounded, and outruns the table; before, it rebuilds.
    #[test]
    fn a_review_wanting_another_class_outruns_a_bounded_table() {
        let game = TakeBreak::new(Code::parse("0.6", "0.6", 1, false).unwrap());
        let mut seq = Sequence::new(game);
        seq.extend(5000, &Limits::default().with_shortcuts(false))
            .unwrap();
        let crate::seq::Store::U8(g) = seq.store.clone() else {
            panic!("Officers' values stay below 256 to heap 5000");
        };
        // A poor classification, under which about half the heaps are rare.
        let poor = crate::seq::mask::Class {
            mask: 1,
            domain: false,
            rare: 0,
        };
        for bounded in [false, true] {
            let mut engine = seq.engine.clone();
            let cap = engine.capacity();
            engine.sparse = Some(crate::seq::sparse::Sparse::new(poor, cap, &g));
            if bounded {
                engine.bound_reads(64);
            }
            engine.next_review = 0;
            engine.review(g.as_slice());
            assert_eq!(engine.outran(), bounded);
            let class = engine.sparse.as_ref().unwrap().class();
            assert_eq!(class == poor, bounded, "the review rebuilt: {bounded}");
        }
    }

    /// A fresh checkpoint path in a folder of this test process.
    fn checkpoint_path(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-window-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    }

    /// Runs a bounded table of `game` with a checkpoint at `path`, from
    /// what the file holds, until `G(to)` is known or `chunks` chunks have
    /// been computed; returns the values handed out (from the first the
    /// table still keeps on), the heap of the first, and the sequence.
    fn bounded_run(
        game: &TakeBreak,
        path: &std::path::Path,
        window: Window,
        to: u64,
        chunks: usize,
    ) -> (Vec<Nimber>, u64, Sequence) {
        let mut seq = Sequence::new(game.clone());
        seq.window = Some(window.clone());
        seq.attach_checkpoint(path).unwrap();
        // (Set after the checkpoint, which brings an engine of its own.)
        seq.engine.short_chunks = true;
        let limits = Limits::default()
            .with_shortcuts(false)
            .with_window(Some(window.least));
        let first = seq.first_streamable();
        // The values the checkpoint gave are read first, as a table
        // streams them: the first chunk may move some out.
        let mut values: Vec<Nimber> = (first..seq.len()).map(|n| seq.get(n).unwrap()).collect();
        let mut left = chunks;
        let result = seq.extend_with(to, &limits, &mut |seq| {
            for n in first + values.len() as u64..seq.len() {
                values.push(seq.get(n).expect("a new value is kept"));
            }
            left -= 1;
            if left == 0 && seq.len() <= to {
                Err(crate::ErrorKind::Interrupted.into())
            } else {
                Ok(())
            }
        });
        assert_eq!(result.is_ok(), seq.len() > to, "{result:?}");
        (values, first, seq)
    }

    /// A bounded table stopped again and again and resumed from its
    /// checkpoint each time computes the values of the engine with every
    /// value kept, on Officers and Grundy's game (whose new rare positions
    /// make it compute again from heap 0), with windows so small that
    /// values move between the stops; the file stays small.
    #[test]
    fn a_bounded_table_resumes_from_its_checkpoint() {
        let (mut resumed_moved, mut recomputed) = (0, 0);
        for (code, to, chunks) in [("0.6", 260_000, 1), ("4!.0", 300_000, 3)] {
            let game = TakeBreak::new(Code::parse(code, code, 1, false).unwrap());
            let whole = whole(&game, to);
            let path = checkpoint_path(&format!("{code}.ckpt"));
            let mut next = 0;
            loop {
                let (values, first, seq) = bounded_run(&game, &path, Window::tiny(64), to, chunks);
                // Every value from the first kept one on, as the earlier
                // runs left them; the first run starts at 0.
                assert!(first <= next, "{code}: {first} after {next}");
                let end = first as usize + values.len();
                assert_eq!(values, whole[first as usize..end], "{code} from {first}");
                resumed_moved += u64::from(first > 0);
                next = seq.len();
                if seq.len() > to {
                    recomputed += seq.window.as_ref().unwrap().recomputed();
                    let size = std::fs::metadata(&path).unwrap().len();
                    let kept = seq.store.len() as u64 * u64::from(seq.store.width());
                    assert!(size < kept + (1 << 16), "{code}: {size} bytes for {kept}");
                    break;
                }
            }
        }
        assert!(
            resumed_moved >= 10,
            "{resumed_moved} runs resumed moved values"
        );
        assert!(recomputed >= 1, "Grundy's game was not computed again");
    }

    /// A run keeping every value refuses a bounded table's checkpoint; a
    /// bounded run resumes a checkpoint with every value.
    #[test]
    fn checkpoints_of_either_kind_go_where_they_can() {
        let game = TakeBreak::new(Code::parse("0.6", "0.6", 1, false).unwrap());
        let path = checkpoint_path("kinds.ckpt");
        bounded_run(&game, &path, Window::tiny(64), 50_000, 3);
        let mut seq = Sequence::new(game.clone());
        let err = seq.attach_checkpoint(&path).unwrap_err().to_string();
        assert!(err.contains("resume it with --window"), "{err}");
        let path = checkpoint_path("every.ckpt");
        let mut seq = Sequence::new(game.clone());
        seq.attach_checkpoint(&path).unwrap();
        seq.extend(20_000, &Limits::default().with_shortcuts(false))
            .unwrap();
        drop(seq);
        let (values, first, _) = bounded_run(&game, &path, Window::tiny(64), 50_000, usize::MAX);
        assert_eq!(first, 0);
        assert_eq!(values, whole(&game, 50_000));
    }

    /// A bounded table's checkpoint whose last kept value is wrong, though
    /// its checksums are right, or whose state does not read, is refused.
    #[test]
    fn a_forged_bounded_checkpoint_is_refused() {
        use crate::seq::checkpoint::{Bounded, Checkpoint};
        let game = TakeBreak::new(Code::parse("0.6", "0.6", 1, false).unwrap());
        let rules = crate::seq::rules::Rules::new(game.code());
        let path = checkpoint_path("forged.ckpt");
        let (_, _, seq) = bounded_run(&game, &path, Window::tiny(64), 160_000, usize::MAX);
        assert!(seq.window.as_ref().unwrap().moved() > 0);
        drop(seq);
        let (mut cp, store, bounded) = Checkpoint::open(&path, "0.6", &rules).unwrap();
        let bounded = bounded.expect("a bounded table's file");
        let forge = |cp: &mut Checkpoint, store: &crate::seq::Store, bounded: &Bounded| {
            cp.save_bounded(store, bounded).unwrap();
            let mut seq = Sequence::new(game.clone());
            seq.window = Some(Window::tiny(64));
            seq.attach_checkpoint(&path).map_err(|e| e.to_string())
        };
        let mut wrong = store.clone();
        let last = wrong.get(wrong.len() as u64 - 1).unwrap().0 as u32;
        wrong.truncate(wrong.len() - 1);
        wrong.push(last ^ 1);
        let err = forge(&mut cp, &wrong, &bounded).unwrap_err();
        assert!(
            err.contains("by the engine from the values before it"),
            "{err}"
        );
        let unreadable = Bounded {
            state: "{}".to_string(),
            ..bounded.clone()
        };
        let err = forge(&mut cp, &store, &unreadable).unwrap_err();
        assert!(err.contains("does not hold together (its state"), "{err}");
        // Restored as it was, it resumes.
        forge(&mut cp, &store, &bounded).unwrap();
    }
}
