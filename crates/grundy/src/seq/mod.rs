//! The sequence engine for take-and-break codes: `G(0..N)` for `N` up to
//! about 10^9, one or two bytes a value.
//!
//! [`Sequence`] owns the table and grows it heap by heap. Each heap is
//! computed by the sparse engine (`sparse`: time proportional to the rare
//! positions) when the value statistics give a good mask, by the triple
//! engine (`triple`: three-heap moves by bit rows of two-heap values) for
//! codes whose moves may leave three heaps, or by the plain engine
//! (`plain`: every option scanned), which is also the reference the others
//! are tested against. The mask is reviewed as the table grows
//! (Walsh–Hadamard transform of the histogram, `mask`). A
//! [`crate::period::watch::Watch`] looks for a period as values arrive and
//! certifies it with the Guy–Smith theorem, after which computing can stop
//! (for codes the theorem does not cover, it only observes).
//! Long runs report progress, honour the stop flag, and save to a
//! [`checkpoint`] file from which they resume.

mod block;
pub(crate) mod checkpoint;
mod dense;
pub mod family;
mod kernel;
mod marks;
mod mask;
mod pipeline;
mod plain;
mod register_block;
pub(crate) mod rules;
mod scheduler;
mod sequence;
mod sparse;
mod speculate;
mod stop;
pub(crate) mod store;
pub(crate) mod team;
mod triple;
mod window;

pub use family::TakeBreakFamily;
#[doc(hidden)] // the engine's cell types, public only as bounds
pub use store::{Cell, Store};

pub use crate::family::TABLE_CHUNK;
pub use scheduler::TwoThreads;
pub use sequence::{Reached, Sequence, plain_table};

#[cfg(test)]
mod tests {

    use super::marks::Marks;
    use super::rules::Rules;
    use super::scheduler::*;
    use super::sparse::Sparse;
    use super::stop::STOP_EVERY;

    use super::*;
    use crate::error::ErrorKind;

    use crate::heap::fill_table;
    use crate::heap::octal::Code;
    use crate::heap::octal::TakeBreak;
    use crate::limits::Limits;
    use crate::nimber::Nimber;

    use std::time::Instant;

    /// `extend_with` hands over the values chunk by chunk as they are
    /// added, and an error from its callback stops the extension there.
    #[test]
    fn extension_hands_over_each_chunk_and_stops_on_an_error() {
        let limits = Limits::default().with_shortcuts(false);
        let mut seq = Sequence::new(game("0.106", false));
        let mut lens = Vec::new();
        seq.extend_with(100_000, &limits, &mut |s| {
            lens.push(s.len());
            Ok(())
        })
        .unwrap();
        assert!(lens.len() > 3, "{lens:?}");
        assert!(lens.windows(2).all(|w| w[0] < w[1]), "{lens:?}");
        assert_eq!(lens.last(), Some(&100_001));
        let mut seq = Sequence::new(game("0.106", false));
        let stopped = seq.extend_with(100_000, &limits, &mut |s| {
            if s.len() > 20_000 {
                Err(ErrorKind::Interrupted.into())
            } else {
                Ok(())
            }
        });
        assert_eq!(stopped.unwrap_err().kind(), &ErrorKind::Interrupted);
        assert!((20_000..100_000).contains(&seq.len()), "{}", seq.len());
    }

    /// Streaming from any heap gives the tail of the whole stream, across
    /// the end of the computed table into the certified period.
    #[test]
    fn streaming_from_a_heap_gives_the_tail_of_the_stream() {
        let mut seq = Sequence::new(game("0.77", false));
        seq.extend(100_000, &Limits::default()).unwrap();
        let computed = seq.len();
        assert!(seq.period().is_some() && computed < 20_000, "{computed}");
        let to = computed + 3 * TABLE_CHUNK as u64;
        let mut all = Vec::new();
        seq.stream(to, &mut |v| {
            all.push(v);
            Ok(())
        })
        .unwrap();
        for from in [0, 1, computed - 5, computed, computed + 1, to, to + 1] {
            let mut tail = Vec::new();
            seq.stream_chunks_from(from, to, &mut |chunk| {
                assert!(!chunk.is_empty() && chunk.len() <= TABLE_CHUNK);
                tail.extend_from_slice(chunk);
                Ok(())
            })
            .unwrap();
            assert_eq!(tail, all[(from as usize).min(all.len())..], "from {from}");
        }
    }

    /// The 1024 octal codes `0.d1d2d3` and `4.d1d2d3`.
    fn three_digit_codes() -> impl Iterator<Item = String> {
        (0..1024).map(|digits| {
            let (d0, d) = (digits / 512 * 4, digits % 512);
            format!("{d0}.{}{}{}", d / 64, d / 8 % 8, d % 8)
        })
    }

    fn game(code: &str, hex: bool) -> TakeBreak {
        TakeBreak::new(Code::parse(code, code, 1, hex).unwrap())
    }

    fn computed(game: &TakeBreak, to: u64) -> Vec<Nimber> {
        let mut seq = Sequence::new(game.clone());
        let all = Limits::default().with_shortcuts(false);
        seq.extend(to, &all).unwrap();
        (0..=to).map(|n| seq.get(n).unwrap()).collect()
    }

    /// Limits that compute every value (no period taken as a shortcut),
    /// on `threads`.
    fn every_value(threads: usize) -> Limits {
        Limits::default()
            .with_shortcuts(false)
            .with_threads(threads)
    }

    fn definition(game: &TakeBreak, to: u64) -> Vec<Nimber> {
        let mut table = Vec::new();
        fill_table(game, &mut table, to, &Limits::default()).unwrap();
        table
    }

    /// The engine (sparse where it pays, plain elsewhere, with mask
    /// reviews) against the definition — the mex over the options of the
    /// code — on every octal code `0.d1d2d3` and `4.d1d2d3`.
    #[test]
    fn every_octal_code_of_up_to_three_digits_matches_the_definition() {
        for d0 in ["0", "4"] {
            for digits in 0..512 {
                let code = format!("{d0}.{}{}{}", digits / 64, digits / 8 % 8, digits % 8);
                let g = game(&code, false);
                assert_eq!(computed(&g, 300), definition(&g, 300), "{code}");
            }
        }
    }

    /// Far past their rare positions, the register path marks most pairs
    /// a few heaps at a time (see `register_block.rs`): every three-digit
    /// code that gets there by heap 3 000 (with a handful of rare positions
    /// to tens of them, and from one to four split removals), against the
    /// plain engine.
    #[test]
    fn register_blocks_match_the_plain_engine() {
        let to = 3000;
        let mut ran = 0;
        for code in three_digit_codes() {
            let g = game(&code, false);
            let mut seq = Sequence::new(g.clone());
            let limits = every_value(1);
            seq.extend(to, &limits).unwrap();
            if seq
                .engine
                .sparse
                .as_ref()
                .is_none_or(|s| s.register_blocks == 0)
            {
                continue;
            }
            ran += 1;
            let got: Vec<Nimber> = (0..=to).map(|n| seq.get(n).unwrap()).collect();
            assert_eq!(got, plain_table(&g, to), "{code}");
        }
        assert!(ran > 50, "{ran} codes reached register blocks");
    }

    /// Runs of the register path end at each check of the stop flag, so
    /// that it is asked every `STOP_EVERY` heaps as before, and heeded.
    #[test]
    fn runs_of_the_register_path_ask_the_stop_flag() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let mut seq = Sequence::new(game("0.106", false));
        let limits = every_value(1);
        seq.extend(5000, &limits).unwrap();
        let Store::U8(table) = &mut seq.store else {
            panic!("0.106 keeps one byte a value");
        };
        let (from, blocks) = (
            table.len(),
            seq.engine.sparse.as_ref().unwrap().register_blocks,
        );
        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Ordering::Relaxed) == 2;
        seq.engine.run(table, from + 10 * STOP_EVERY, &stop);
        assert_eq!(asked.load(Ordering::Relaxed), 3);
        assert_eq!(table.len(), from + 3 * STOP_EVERY);
        let sparse = seq.engine.sparse.as_ref().unwrap();
        assert!(
            sparse.register_blocks >= blocks + 3 * STOP_EVERY as u64 / 8 - 1,
            "not in runs"
        );
    }

    #[test]
    fn unequal_and_hexadecimal_codes_match_the_definition() {
        for (code, hex) in [
            ("4!.0", false),
            ("0.4!", false),
            ("4!.07", false),
            ("0.F", true),
            ("0.8", true),
            ("8.0", true),
            ("0.1C!", true),
        ] {
            let g = game(code, hex);
            assert_eq!(computed(&g, 150), definition(&g, 150), "{code}");
        }
    }

    /// The sparse engine is exact for *any* classification (it only affects
    /// its speed), so it is run from heap 20 on under every mask, of both
    /// types where allowed, and compared with the plain engine.
    #[test]
    fn sparse_engine_matches_plain_under_every_mask() {
        for (code, to) in [
            ("0.77", 1200),
            ("0.07", 1200),
            ("0.137", 1200),
            ("0.16", 1200),
            ("0.6", 3000),
            ("4.07", 1200),
            ("0.106", 1200),
            ("4!.0", 1200),
            ("0.1777", 1200),
            ("0.7777", 1200),
        ] {
            let g = game(code, false);
            let plain = plain_table(&g, to);
            let cap = (plain.iter().map(|v| v.0).max().unwrap() as usize + 1).next_power_of_two();
            let rules = Rules::new(g.code());
            let domain = Engine::new(rules.clone()).domain.is_some();
            let classes = (0..cap as u32)
                .flat_map(|mask| {
                    [(false, 0), (false, 1), (true, 0), (true, 1)]
                        .map(|(domain, rare)| mask::Class { mask, domain, rare })
                })
                .filter(|c| c.mask > 0 || c.domain)
                .filter(|c| domain || !c.domain);
            for class in classes {
                let mask = (class.mask, class.domain);
                let start = 20;
                let mut table: Vec<u16> = plain[..start].iter().map(|v| v.0 as u16).collect();
                let mut sparse = Sparse::new(class, cap as u32, &table);
                let mut marks = Marks::default();
                marks.ensure(cap);
                while table.len() < plain.len() {
                    let v = sparse.value(&table, &rules, &mut marks);
                    assert_eq!(
                        u64::from(v),
                        plain[table.len()].0,
                        "{code} mask {mask:?} heap {}",
                        table.len()
                    );
                    sparse.record(table.len(), v);
                    table.push(v as u16);
                }
            }
        }
    }

    /// Both ways of running two threads give the plain engine's values on
    /// every three-digit octal code that the sparse engine takes, past the
    /// heap where they may start: the pipeline, which starts each heap on a
    /// table that stops short of it (so the sparse engine's register path
    /// and its marks run on prefixes), and speculation, whose confirming
    /// scans fail at every rare position.
    #[test]
    fn two_threads_match_the_plain_engine_on_every_three_digit_code() {
        let to = MIN_PIPELINE as u64 + 150;
        for way in [TwoThreads::Pipeline, TwoThreads::Speculation] {
            let mut ran = 0;
            for code in three_digit_codes() {
                let g = game(&code, false);
                let mut seq = Sequence::new(g.clone());
                seq.force_two_threads(way);
                let limits = every_value(2);
                seq.extend(to, &limits).unwrap();
                if seq.engine.two_thread_cost.is_none() {
                    continue;
                }
                ran += 1;
                let got: Vec<Nimber> = (0..=to).map(|n| seq.get(n).unwrap()).collect();
                assert_eq!(got, plain_table(&g, to), "{code} {way:?}");
            }
            // Most codes have a classification by then, which both ways
            // need (the count guards the test against running none).
            assert!(ran > 500, "{ran} codes ran {way:?}");
        }
    }

    /// Bounded tables give the plain engine's values on every three-digit
    /// octal code, on one thread and on two (each way forced), with a
    /// window so small that values move once the first chunk is done:
    /// the heaps after it read a moved table.
    #[test]
    fn bounded_tables_match_the_plain_engine_on_every_three_digit_code() {
        let to = MIN_PIPELINE as u64 + 150;
        let mut moved = [0; 3];
        for code in three_digit_codes() {
            let g = game(&code, false);
            let plain = plain_table(&g, to);
            let ways = [
                None,
                Some(TwoThreads::Pipeline),
                Some(TwoThreads::Speculation),
            ];
            for (way, moved) in ways.into_iter().zip(&mut moved) {
                let mut seq = Sequence::new(g.clone());
                seq.window = Some(window::Window::tiny(2));
                if let Some(way) = way {
                    seq.force_two_threads(way);
                }
                let limits = every_value(if way.is_some() { 2 } else { 1 }).with_window(Some(2));
                let mut got = Vec::new();
                seq.extend_with(to, &limits, &mut |seq| {
                    // After a recomputation the length starts again from 0.
                    for n in got.len() as u64..seq.len() {
                        got.push(seq.get(n).expect("a new value is kept"));
                    }
                    Ok(())
                })
                .unwrap();
                assert_eq!(got, plain, "{code} {way:?}");
                *moved += u32::from(seq.window.as_ref().is_some_and(|w| w.moved() > 0));
            }
        }
        // The count guards the test against moving nothing.
        assert!(
            moved.iter().all(|&m| m > 300),
            "codes that moved values: {moved:?}"
        );
    }

    /// The choice between one thread and the pipeline follows the cheaper
    /// last measure, runs the dearer way again when a remeasure is due,
    /// and gives a pipeline that has just started a few chunks unless it
    /// was far behind.
    #[test]
    fn the_pipeline_is_chosen_by_its_last_measure_and_measured_again() {
        let mut seq = officers_to(2000);
        let e = &mut seq.engine;
        let n = 2000;
        assert!(!e.use_two_threads(n), "one thread allowed");
        e.threads = 2;
        e.heap_cost = None;
        assert!(!e.use_two_threads(n), "one thread is measured first");
        e.heap_cost = Some(PIPELINE_MIN_NS / 2.0);
        assert!(!e.use_two_threads(n), "heaps too cheap to hand over");
        e.heap_cost = Some(2.0 * PIPELINE_MIN_NS);
        assert!(e.use_two_threads(n), "the pipeline is measured next");
        assert!(
            !e.use_two_threads(MIN_PIPELINE - 1),
            "never below MIN_PIPELINE"
        );
        let one = 2.0 * PIPELINE_MIN_NS;
        let due = 40;
        e.next_remeasure = due;
        for (two, streak, chunk, want) in [
            // The cheaper way, and the dearer one when a remeasure is due.
            (0.8 * one, 0, 1, true),
            (0.8 * one, 0, due, false),
            (0.8 * one, TRIAL_CHUNKS + 5, 1, true),
            (1.2 * one, 0, 1, false),
            (1.2 * one, 0, due, true),
            // A trial goes on unless the pipeline is far behind.
            (1.2 * one, 1, 1, true),
            (1.2 * one, 1, due, true),
            (1.2 * one, TRIAL_CHUNKS - 1, 1, true),
            (1.2 * one, TRIAL_CHUNKS, 1, false),
            (2.0 * one, 1, 1, false),
        ] {
            e.two_thread_cost = Some(two);
            e.two_thread_streak = streak;
            e.chunks = chunk;
            assert_eq!(e.use_two_threads(n), want, "{two} {streak} {chunk}");
        }
        e.forced = Some(TwoThreads::Pipeline);
        assert!(e.use_two_threads(n), "forced");
    }

    /// A pipeline three times as dear as one thread is tried once (no
    /// trial: it is far behind), then measured again less and less often,
    /// down to once every [`MAX_REMEASURE_GAP`] chunks; once it becomes
    /// the cheaper way, it takes over at once.
    #[test]
    fn a_losing_pipeline_is_measured_again_less_often() {
        let mut seq = officers_to(2000);
        let e = &mut seq.engine;
        e.threads = 2;
        let one = 2.0 * PIPELINE_MIN_NS;
        e.heap_cost = Some(one);
        // Chunks as `Engine::run` counts, chooses and records them.
        let chunk = |e: &mut Engine, two: f64| {
            e.chunks += 1;
            let pipeline = e.use_two_threads(2000);
            e.record_chunk(pipeline, Some(if pipeline { two } else { one }));
            pipeline
        };
        let piped: Vec<u64> = (0..3000)
            .filter_map(|_| chunk(e, 3.0 * one).then_some(e.chunks))
            .collect();
        let gaps: Vec<u64> = piped.windows(2).map(|w| w[1] - w[0]).collect();
        assert_eq!(
            gaps[..5],
            [
                REMEASURE_EVERY,
                REMEASURE_EVERY * 2,
                REMEASURE_EVERY * 4,
                REMEASURE_EVERY * 8,
                MAX_REMEASURE_GAP
            ],
            "{piped:?}"
        );
        assert!(
            gaps[5..].iter().all(|&g| g == MAX_REMEASURE_GAP),
            "{piped:?}"
        );
        // The next remeasure finds the pipeline cheaper: it stays, and now
        // one thread is measured again 32 chunks after the trial ends,
        // then 64 chunks later.
        while !chunk(e, 0.5 * one) {}
        assert_eq!(e.remeasure_gap, REMEASURE_EVERY);
        let piped: Vec<bool> = (0..100).map(|_| chunk(e, 0.5 * one)).collect();
        let alone: Vec<usize> = (0..100).filter(|&i| !piped[i]).collect();
        let first = TRIAL_CHUNKS as usize - 2 + REMEASURE_EVERY as usize;
        assert_eq!(alone, [first, first + 2 * REMEASURE_EVERY as usize]);
    }

    /// Each way of running two threads keeps its own cost: a chunk with
    /// many rare positions turns speculation into the pipeline, which is
    /// measured on its own (a trial), and speculation comes back with its
    /// last cost.
    #[test]
    fn each_way_keeps_its_own_cost() {
        let mut seq = officers_to(2000);
        let e = &mut seq.engine;
        e.threads = 2;
        e.heap_cost = Some(2.0 * PIPELINE_MIN_NS);
        e.rare_found = 0;
        assert_eq!(e.choose_way(), TwoThreads::Speculation);
        assert!(e.use_two_threads(2000));
        e.chunks += 1;
        e.record_chunk(true, Some(PIPELINE_MIN_NS));
        e.rare_found = SPECULATE_MAX_RARE + 1;
        assert_eq!(e.choose_way(), TwoThreads::Pipeline);
        assert_eq!(e.two_thread_cost, None, "the pipeline is not measured yet");
        assert!(e.use_two_threads(2000), "so it runs");
        e.chunks += 1;
        e.record_chunk(true, Some(3.0 * PIPELINE_MIN_NS));
        e.rare_found = 0;
        assert_eq!(e.choose_way(), TwoThreads::Speculation);
        assert_eq!(e.two_thread_cost, Some(PIPELINE_MIN_NS));
        assert_eq!(
            e.two_thread_streak, 0,
            "a way that starts again gets a trial"
        );
        e.rare_found = SPECULATE_MAX_RARE + 1;
        e.choose_way();
        assert_eq!(e.two_thread_cost, Some(3.0 * PIPELINE_MIN_NS));
        assert!(!e.use_two_threads(2000), "the pipeline lost to one thread");
    }

    fn officers_to(n: u64) -> Sequence {
        let mut seq = Sequence::new(game("0.6", false));
        let limits = every_value(1);
        seq.extend(n, &limits).unwrap();
        assert!(
            seq.engine.sparse.is_some(),
            "Officers has a classification by {n}"
        );
        seq
    }

    /// Every kernel this processor runs, with the block pass (from heap
    /// [`block::FIRST_BLOCK`] on) and in the dense engine (codes with no
    /// good classification), gives the plain engine's values: on every
    /// three-digit octal code through the whole engine (one-byte tables),
    /// and with two-byte tables and the engine's own classification on the
    /// codes of the benchmarks, unequal splits included.
    #[test]
    fn every_kernel_with_blocks_matches_the_plain_engine() {
        let simd = |k: kernel::Kernel| match k {
            kernel::Kernel::Portable => crate::limits::Simd::Portable,
            kernel::Kernel::Avx2 => crate::limits::Simd::Avx2,
            kernel::Kernel::Avx512 => crate::limits::Simd::Avx512,
        };
        let to = block::FIRST_BLOCK as u64 + 3 * block::BLOCK_HEAPS as u64 + 7;
        for code in three_digit_codes() {
            let g = game(&code, false);
            let plain = plain_table(&g, to);
            for k in kernel::Kernel::available() {
                let mut seq = Sequence::new(g.clone());
                let limits = Limits::default()
                    .with_shortcuts(false)
                    .with_simd(simd(k))
                    .with_threads(1);
                seq.extend(to, &limits).unwrap();
                let got: Vec<Nimber> = (0..=to).map(|n| seq.get(n).unwrap()).collect();
                assert_eq!(got, plain, "{code} with {k:?}");
            }
        }
        for (code, to) in [
            ("0.6", 6000),
            ("0.16", 3000),
            ("4!.0", 3000),
            ("4!.07", 3000),
            ("0.1777", 3000),
            ("0.454", 3000),
        ] {
            let g = game(code, false);
            let plain = plain_table(&g, to);
            let rules = Rules::new(g.code());
            let mut engine = Engine::new(rules.clone());
            let start = 400;
            let table: Vec<u16> = plain[..start].iter().map(|v| v.0 as u16).collect();
            for (n, v) in table.iter().enumerate() {
                engine.record(n, u32::from(*v));
            }
            engine.next_review = 0;
            engine.review(&table);
            assert!(engine.sparse.is_some(), "{code}: no classification");
            for k in kernel::Kernel::available() {
                let mut engine = Engine {
                    kernel: k,
                    ..engine.clone()
                };
                if let Some(sparse) = &mut engine.sparse {
                    sparse.kernel = k;
                }
                let mut table = table.clone();
                while table.len() < plain.len() {
                    let n = table.len();
                    let sparse = engine.sparse.as_mut().expect("classified");
                    if n >= block::FIRST_BLOCK && n >= sparse.block_end() {
                        sparse.start_block(&table, block::BLOCK_HEAPS.min(plain.len() - n), &rules);
                    }
                    let v = sparse.value(&table, &rules, &mut engine.marks);
                    assert_eq!(u64::from(v), plain[n].0, "{code} with {k:?}, heap {n}");
                    table.push(v as u16);
                    engine.record(n, v);
                }
            }
        }
    }

    /// The progress line names the largest value computed, not the power
    /// of two the engine has room for.
    #[test]
    fn progress_names_the_largest_value() {
        let mut seq = Sequence::new(game("0.6", false));
        let all = every_value(1);
        seq.extend(12_000, &all).unwrap();
        let largest = (0..=12_000).map(|n| seq.get(n).unwrap().0).max().unwrap();
        assert!(largest > 256 && largest < 511, "{largest}");
        let line = seq.progress(0, 12_000, Instant::now()).detail;
        assert!(line.contains(&format!("largest value {largest}")), "{line}");
    }

    /// Codes longer than the old cap of 256 digits (HDU 3980's paint
    /// strips need one as long as the strip): the fast engine, the
    /// definition and a search of whole sums agree on small heaps.
    #[test]
    fn codes_of_hundreds_of_digits_match_the_definition() {
        use crate::heap::HeapSum;
        use crate::solve::reference;
        // Digits from a small linear congruential generator: varied, and
        // the same on every run.
        let mut rng = crate::lcg::Lcg(12345);
        let mut digit = || (rng.next() >> 61) as u8;
        for len in [300usize, 640, 1000] {
            let mut code = String::from("0.");
            code.extend((0..len).map(|_| char::from(b'0' + digit())));
            code.push('7'); // a last non-zero digit keeps the length
            let g = game(&code, false);
            assert_eq!(g.code().max_take(), len as u64 + 1);
            let fast = computed(&g, 500);
            let mut definition = Vec::new();
            fill_table(&g, &mut definition, 500, &Limits::default()).unwrap();
            assert_eq!(fast, definition, "code of {len} digits");
            let sum = HeapSum(g.clone());
            for n in 0..=14 {
                let p = HeapSum::<TakeBreak>::position(&[n]);
                assert_eq!(
                    reference::value(&sum, &p).unwrap(),
                    fast[n as usize],
                    "{len} digits, heap {n}"
                );
            }
        }
        // And a long code is accepted as written.
        let long = format!("0.{}", "7".repeat(5000));
        assert_eq!(
            Code::parse(&long, &long, 1, false).unwrap().max_take(),
            5000
        );
    }

    /// Removing 1 to 256 tokens (leaving nothing or one heap, digit 3) is
    /// the subtraction game {1..256}: G(n) = n mod 257, so the table must
    /// widen to two bytes.
    #[test]
    fn tables_widen_when_values_outgrow_a_byte() {
        let code = format!("0.{}", "3".repeat(256));
        let g = game(&code, false);
        let values = computed(&g, 600);
        assert!(
            values
                .iter()
                .enumerate()
                .all(|(n, v)| v.0 == n as u64 % 257)
        );
    }

    #[test]
    fn checkpoints_resume_without_recomputing() {
        let dir = std::env::temp_dir().join(format!("grundy-seq-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("d.ckpt");
        let _ = std::fs::remove_file(&path);
        let all = Limits::default().with_shortcuts(false);
        let mut first = Sequence::new(game("0.07", false));
        first.attach_checkpoint(&path).unwrap();
        first.extend(1000, &all).unwrap();
        let mut resumed = Sequence::new(game("0.07", false));
        resumed.attach_checkpoint(&path).unwrap();
        assert_eq!(resumed.len(), 1001);
        resumed.extend(2000, &all).unwrap();
        let fresh = computed(&game("0.07", false), 2000);
        assert_eq!(
            (0..=2000)
                .map(|n| resumed.get(n).unwrap())
                .collect::<Vec<_>>(),
            fresh
        );
        std::fs::remove_file(&path).unwrap();
    }

    /// Both ways of running two threads against the plain engine, from
    /// heap 20 on, under the best classification and a few poor ones: codes
    /// whose heap `n` reads `G(n - 1)` by removing one token (0.6, 0.16
    /// ...), by splitting without removing (4.07, and 4!.0 with unequal
    /// heaps), or not at all. Under the poor classifications rare positions
    /// abound: speculation's confirming scans fail at each, and candidates
    /// reach the capacity. Every failure and every halt must leave the
    /// values before it final, for the engine to record the next heap.
    #[test]
    fn two_threads_match_plain() {
        let codes = [
            "0.6", "0.16", "0.106", "4.07", "4!.0", "0.77", "0.137", "0.1777", "4.7", "0.56",
        ];
        // Speculation also with a ring of three heaps, so that the first
        // thread often finds it full and its entries wrap around.
        let ways = [
            (TwoThreads::Pipeline, speculate::RING_HEAPS),
            (TwoThreads::Speculation, speculate::RING_HEAPS),
            (TwoThreads::Speculation, 3),
        ];
        let mut full_runs = 0;
        for (code, (way, ring)) in codes.into_iter().flat_map(|c| ways.map(|w| (c, w))) {
            let g = game(code, false);
            let plain = plain_table(&g, 2500);
            let cap = (plain.iter().map(|v| v.0).max().unwrap() as usize + 1).next_power_of_two();
            let mut engine = Engine::new(Rules::new(g.code()));
            engine.marks.ensure(cap);
            engine.ring_heaps = ring;
            let mut histogram = [vec![0; cap], vec![0; cap]];
            for (n, v) in plain.iter().enumerate().skip(1) {
                histogram[n % 2][v.0 as usize] += 1;
            }
            let best = mask::best_class(&histogram[0], &histogram[1], engine.domain).0;
            let others = [1, 3, cap as u32 - 1].map(|mask| mask::Class {
                mask,
                domain: false,
                rare: 0,
            });
            let want: Vec<u64> = plain.iter().map(|v| v.0).collect();
            // Rare positions found past heap 20 (for speculation, each one
            // a failed scan).
            let mut found = 0;
            for class in std::iter::once(best).chain(others) {
                let mut table: Vec<u16> = plain[..20].iter().map(|v| v.0 as u16).collect();
                engine.histogram = histogram.clone();
                engine.sparse = Some(Sparse::new(class, cap as u32, &table));
                let rare_before = engine.sparse.as_ref().map_or(0, Sparse::rare_count);
                let overflow = engine.run_two_threads(&mut table, plain.len(), &|| false, way);
                assert_eq!(overflow, None, "{code} {class:?} {way:?}");
                let sparse = engine.sparse.as_ref().expect("no review runs here");
                found += sparse.rare_count() - rare_before;
                let got: Vec<u64> = table.iter().map(|&v| v.into()).collect();
                assert_eq!(got, want, "{code} {class:?} {way:?}");
            }
            assert!(found > 1000, "{code} {way:?}: {found} rare positions");
            if ring < speculate::RING_HEAPS {
                full_runs += engine.full_runs;
            }
        }
        // Candidates reached the capacity (the values are below it, so
        // these are heaps under a poor classification).
        assert!(full_runs > 0, "no candidate reached the capacity");
    }

    /// Speculation stopped at many points, with a ring of three heaps that
    /// is often full and under classifications where many scans fail,
    /// keeps only final values: the first thread's heaps whose scans were
    /// left are not kept.
    #[test]
    fn stopped_speculation_keeps_only_confirmed_values() {
        let g = game("0.6", false);
        let plain: Vec<u64> = plain_table(&g, 2500).iter().map(|v| v.0).collect();
        let cap = (*plain.iter().max().unwrap() as usize + 1).next_power_of_two();
        let mut histogram = [vec![0; cap], vec![0; cap]];
        for (n, &v) in plain.iter().enumerate().skip(1) {
            histogram[n % 2][v as usize] += 1;
        }
        use std::sync::atomic::{AtomicUsize, Ordering};
        let mut stops = 0;
        for mask in [1, 3, 0x6e, cap as u32 - 1] {
            for after in [1, 2, 3, 5, 8, 13] {
                let mut engine = Engine::new(Rules::new(g.code()));
                engine.marks.ensure(cap);
                engine.ring_heaps = 3;
                engine.histogram = histogram.clone();
                let class = mask::Class {
                    mask,
                    domain: false,
                    rare: 0,
                };
                let mut table: Vec<u16> = plain[..20].iter().map(|&v| v as u16).collect();
                engine.sparse = Some(Sparse::new(class, cap as u32, &table));
                let asked = AtomicUsize::new(0);
                let stop = || asked.fetch_add(1, Ordering::Relaxed) + 1 >= after;
                let way = TwoThreads::Speculation;
                while table.len() < plain.len() {
                    let before = table.len();
                    engine.run_two_threads(&mut table, plain.len(), &stop, way);
                    let got: Vec<u64> = table.iter().map(|&v| v.into()).collect();
                    assert_eq!(got, plain[..got.len()], "mask {mask:#x}, stop {after}");
                    if table.len() < plain.len() {
                        stops += 1;
                        asked.store(0, Ordering::Relaxed);
                    }
                    // A stop asked for at once may keep nothing new: go on
                    // with one heap on one thread, as the engine does.
                    if table.len() == before {
                        engine.run_sequential(&mut table, before + 1, &|| false);
                    }
                }
            }
        }
        assert!(stops > 50, "{stops} stops");
    }

    /// A panic on the first thread of either way reaches the caller, and
    /// neither thread is left waiting for the other.
    #[test]
    fn a_panic_on_two_threads_reaches_the_caller() {
        let g = game("0.6", false);
        let plain = plain_table(&g, 3000);
        for way in [TwoThreads::Pipeline, TwoThreads::Speculation] {
            let mut seq = Sequence::new(g.clone());
            let one = every_value(1);
            seq.extend(2000, &one).unwrap();
            seq.engine.ring_heaps = 3;
            let Store::U8(table) = &mut seq.store else {
                panic!("0.6 first reaches 256 at heap 10 344")
            };
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                seq.engine
                    .run_two_threads(table, plain.len(), &|| panic!("asked to stop"), way)
            }));
            assert!(caught.is_err(), "{way:?}");
        }
    }

    /// Speculation stopped from outside keeps the values it computed, all
    /// right, and goes on from them.
    #[test]
    fn stopped_speculation_keeps_final_values() {
        let g = game("0.6", false);
        let plain: Vec<u64> = plain_table(&g, 6000).iter().map(|v| v.0).collect();
        let mut seq = Sequence::new(g);
        let one = every_value(1);
        seq.extend(2000, &one).unwrap();
        let Store::U8(table) = &mut seq.store else {
            panic!("0.6 first reaches 256 at heap 10 344")
        };
        use std::sync::atomic::{AtomicUsize, Ordering};
        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 3;
        let overflow = seq
            .engine
            .run_two_threads(table, 6001, &stop, TwoThreads::Speculation);
        assert_eq!(overflow, None);
        let stopped = table.len();
        assert!((2001..6001).contains(&stopped), "stopped at {stopped}");
        let got: Vec<u64> = table.iter().map(|&v| v.into()).collect();
        assert_eq!(got, plain[..stopped]);
        let overflow = seq
            .engine
            .run_two_threads(table, 6001, &|| false, TwoThreads::Speculation);
        assert_eq!(overflow, None);
        let got: Vec<u64> = table.iter().map(|&v| v.into()).collect();
        assert_eq!(got, plain);
    }

    /// The whole engine with each way of running two threads forced on (as
    /// if heaps were dear) equals the engine on one thread, across the
    /// widening of the table from one byte to two (0.6 first reaches 256 at
    /// heap 10344, a candidate that does not fit a byte).
    #[test]
    fn two_threads_equal_one() {
        let one = every_value(1);
        let two = one.clone().with_threads(2);
        for (code, to) in [("0.6", 12_000), ("4!.0", 6000), ("0.16", 20_000)] {
            let mut single = Sequence::new(game(code, false));
            single.extend(to, &one).unwrap();
            for way in [TwoThreads::Pipeline, TwoThreads::Speculation] {
                let mut double = Sequence::new(game(code, false));
                double.extend(2000, &one).unwrap();
                double.force_two_threads(way);
                double.extend(to, &two).unwrap();
                assert_eq!(double.store(), single.store(), "{code} {way:?}");
            }
        }
    }

    #[test]
    fn interrupting_stops_with_the_values_kept() {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let limits = Limits::default()
            .with_stop(Some(stop))
            .with_shortcuts(false);
        let mut seq = Sequence::new(game("0.16", false));
        let err = seq.extend(1_000_000, &limits).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::Interrupted);
        assert!(!seq.is_empty() && seq.len() < 1_000_000);
    }
}
