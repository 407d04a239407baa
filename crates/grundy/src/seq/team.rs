//! Computing one sequence with several processes: the collective
//! operations the engine needs, and what it measured of them.
//!
//! Every member of a [`Team`] holds the whole table and runs the same
//! engine on the same values, so every decision the engine takes (the
//! mask, the value capacity, the period) is taken alike by all. Only the
//! long-range part of each block of heaps is shared out: each member marks
//! the options of its slice of the rare positions (and of a window of
//! ordinary pairs), the members OR their exclusion bits together
//! ([`Team::or_all`]), and each finishes the block's heaps, the
//! short-range part, on its own. See docs/DISTRIBUTED.md for the model.
//!
//! The library holds no transport: the command line supplies one over MPI
//! (its `mpi` feature), and the tests a team of threads.

pub use crate::limits::team::Team;

/// Whether `mine` holds on any member.
pub(crate) fn any(team: &dyn Team, mine: bool) -> bool {
    let mut word = [u64::from(mine)];
    team.or_all(&mut word);
    word[0] != 0
}

/// The `k`-th of `parts` nearly equal slices of `0..len`.
pub(crate) fn share(len: usize, k: usize, parts: usize) -> std::ops::Range<usize> {
    len * k / parts..len * (k + 1) / parts
}

/// What the shared blocks cost so far, for the progress line and the
/// scaling model.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TeamStats {
    /// Blocks computed together.
    pub blocks: u64,
    /// Heaps in those blocks.
    pub heaps: u64,
    /// Nanoseconds marking this member's share of the long-range options.
    pub mark_ns: u64,
    /// Nanoseconds in [`Team::or_all`] for the blocks (waiting for the
    /// slowest member included).
    pub exchange_ns: u64,
    /// Nanoseconds finishing the blocks' heaps: the part no member shares.
    pub finish_ns: u64,
    /// Bytes each member contributed to the exchanges.
    pub bytes: u64,
}

impl TeamStats {
    /// A short account: the mean per block of each part.
    pub fn describe(&self) -> String {
        let per = |ns: u64| ns as f64 / self.blocks.max(1) as f64 / 1e3;
        format!(
            "{} blocks of {} heaps; per block: shared {:.0} µs, exchange {:.0} µs ({} bytes), unshared {:.0} µs",
            self.blocks,
            self.heaps / self.blocks.max(1),
            per(self.mark_ns),
            per(self.exchange_ns),
            self.bytes / self.blocks.max(1),
            per(self.finish_ns),
        )
    }
}

#[cfg(test)]
pub(crate) mod local {
    //! A team of threads in one process, for tests of the shared engine
    //! without an MPI library.

    use std::sync::{Arc, Condvar, Mutex, MutexGuard};

    use super::Team;

    #[derive(Default)]
    struct Round {
        arrived: usize,
        round: u64,
        /// What the members of the round under way have brought.
        words: Vec<u64>,
        bytes: Vec<u8>,
        /// The last round's result: kept apart, since the member that
        /// completes a round may join the next before the others read.
        result_words: Vec<u64>,
        result_bytes: Vec<u8>,
    }

    struct Shared {
        size: usize,
        state: Mutex<Round>,
        done: Condvar,
    }

    /// One member of a team of threads.
    pub struct Member {
        rank: usize,
        shared: Arc<Shared>,
    }

    /// The members of a team of `size` threads, by rank.
    pub fn team(size: usize) -> Vec<Member> {
        let shared = Arc::new(Shared {
            size,
            state: Mutex::new(Round::default()),
            done: Condvar::new(),
        });
        (0..size)
            .map(|rank| Member {
                rank,
                shared: shared.clone(),
            })
            .collect()
    }

    impl Member {
        /// Adds this member's part to the round (`join`, told whether it
        /// is the first), waits for every member, and returns the round's
        /// state to read the result from.
        fn meet(&self, join: impl FnOnce(&mut Round, bool)) -> MutexGuard<'_, Round> {
            let mut s = self.shared.state.lock().expect("a member panicked");
            let first = s.arrived == 0;
            join(&mut s, first);
            s.arrived += 1;
            let round = s.round;
            if s.arrived == self.shared.size {
                s.arrived = 0;
                s.round += 1;
                s.result_words = std::mem::take(&mut s.words);
                s.result_bytes = std::mem::take(&mut s.bytes);
                self.shared.done.notify_all();
            } else {
                while s.round == round {
                    s = self.shared.done.wait(s).expect("a member panicked");
                }
            }
            // No member can complete the next round before this one has
            // joined it, so the result is still this round's.
            s
        }
    }

    impl Team for Member {
        fn rank(&self) -> usize {
            self.rank
        }

        fn size(&self) -> usize {
            self.shared.size
        }

        fn or_all(&self, words: &mut [u64]) {
            let s = self.meet(|s, first| {
                if first {
                    s.words = words.to_vec();
                } else {
                    s.words.iter_mut().zip(&*words).for_each(|(a, b)| *a |= b);
                }
            });
            words.copy_from_slice(&s.result_words);
        }

        fn broadcast(&self, bytes: &mut Vec<u8>) {
            let s = self.meet(|s, _| {
                if self.rank == 0 {
                    s.bytes = bytes.clone();
                }
            });
            bytes.clone_from(&s.result_bytes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_team_of_threads_ors_and_broadcasts() {
        let members = local::team(3);
        let results: Vec<(Vec<u64>, Vec<u8>, bool)> = std::thread::scope(|scope| {
            let handles: Vec<_> = members
                .iter()
                .map(|m| {
                    scope.spawn(move || {
                        let mut out = Vec::new();
                        for round in 0..50u64 {
                            let mut words = vec![1 << m.rank(), round << 8];
                            m.or_all(&mut words);
                            out = words;
                        }
                        let mut bytes = vec![m.rank() as u8; m.rank() + 1];
                        m.broadcast(&mut bytes);
                        let anyone = any(m, m.rank() == 2);
                        (out, bytes, anyone)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for (words, bytes, anyone) in results {
            assert_eq!(words, vec![0b111, 49 << 8]);
            assert_eq!(bytes, vec![0]);
            assert!(anyone);
        }
    }

    #[test]
    fn shares_cover_the_range_once() {
        for len in [0, 1, 5, 1583] {
            for parts in 1..6 {
                let slices: Vec<_> = (0..parts).map(|k| share(len, k, parts)).collect();
                assert_eq!(slices[0].start, 0);
                assert_eq!(slices[parts - 1].end, len);
                assert!(slices.windows(2).all(|w| w[0].end == w[1].start));
            }
        }
    }

    use std::path::Path;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use crate::error::ErrorKind;
    use crate::heap::octal::{Code, TakeBreak};
    use crate::limits::Limits;
    use crate::seq::{Sequence, plain_table};

    fn game(code: &str) -> TakeBreak {
        TakeBreak::new(Code::parse(code, code, 1, false).unwrap())
    }

    fn every_value() -> Limits {
        Limits::default().with_shortcuts(false).with_threads(1)
    }

    /// Runs `each(member, its limits)` on every member of a team of `size`
    /// threads and returns what each gave, by rank.
    fn on_team<R: Send>(size: usize, each: impl Fn(usize, Limits) -> R + Sync) -> Vec<R> {
        let members = local::team(size);
        std::thread::scope(|scope| {
            let handles: Vec<_> = members
                .into_iter()
                .map(|m| {
                    let each = &each;
                    scope.spawn(move || {
                        let rank = m.rank();
                        let team: Arc<dyn Team> = Arc::new(m);
                        each(rank, every_value().with_team(Some(team)))
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    }

    fn alone(code: &str, to: u64) -> Sequence {
        let mut seq = Sequence::new(game(code));
        seq.extend(to, &every_value()).unwrap();
        seq
    }

    /// Teams of 1 to 3 compute what one process computes, and every member
    /// holds the same table (shared blocks start after the first chunk of
    /// heaps, once a mask is chosen; here for any number of rare
    /// positions): codes with one split removal (0.6, 0.16,
    /// 0.106), a split without removal (4.07), unequal heaps (4!.0),
    /// several split removals (0.1777, 0.454), and a code the sparse engine
    /// does not take (0.137, every member computing alone). Officers
    /// passes value 255 at heap 10 344, widening the table mid-run.
    #[test]
    fn a_team_computes_what_one_process_computes() {
        for (code, to, shared) in [
            ("0.6", 12_000, true),
            ("0.16", 20_000, true),
            ("0.106", 20_000, true),
            ("4.07", 20_000, true),
            ("4!.0", 20_000, true),
            ("0.1777", 20_000, true),
            ("0.454", 20_000, true),
            ("0.137", 6_000, false),
        ] {
            let one = alone(code, to);
            for size in 1..=3 {
                let tables = on_team(size, |_, limits| {
                    let mut seq = Sequence::new(game(code));
                    seq.engine.team_min_rare = 0;
                    seq.extend(to, &limits).unwrap();
                    (seq.store().clone(), seq.team_stats().blocks)
                });
                for (rank, (table, blocks)) in tables.iter().enumerate() {
                    assert_eq!(table, one.store(), "{code}, member {rank} of {size}");
                    assert_eq!(*blocks > 0, shared, "{code}: shared blocks");
                }
            }
        }
    }

    /// Blocks are shared only for codes with many rare positions (0.6 has
    /// 1 526 by heap 20 000); with few (0.16 has 52) each member computes
    /// alone, the same values.
    #[test]
    fn only_codes_with_many_rare_positions_are_shared() {
        for (code, shared) in [("0.6", true), ("0.16", false)] {
            let one = alone(code, 20_000);
            for (table, blocks) in on_team(2, |_, limits| {
                let mut seq = Sequence::new(game(code));
                seq.extend(20_000, &limits).unwrap();
                (seq.store().clone(), seq.team_stats().blocks)
            }) {
                assert_eq!(&table, one.store(), "{code}");
                assert_eq!(blocks > 0, shared, "{code}");
            }
        }
    }

    /// The shared engine against the plain one (the mex over every
    /// option) directly, with 2 and 9 members, past the first shared blocks (the first chunk of
    /// heaps, before the first mask review, is never shared).
    #[test]
    fn a_team_matches_the_plain_engine() {
        for (code, to) in [("0.6", 18_000u64), ("4!.0", 18_000), ("0.16", 18_000)] {
            let plain = plain_table(&game(code), to);
            // Nine members: more than a block has parts, so parts are
            // split by pairs too.
            for size in [2, 9] {
                let tables = on_team(size, |_, limits| {
                    let mut seq = Sequence::new(game(code));
                    seq.engine.team_min_rare = 0;
                    seq.extend(to, &limits).unwrap();
                    (0..=to).map(|n| seq.get(n).unwrap()).collect::<Vec<_>>()
                });
                for table in tables {
                    assert_eq!(table, plain, "{code}, {size} members");
                }
            }
        }
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-team-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    }

    /// Values saved by member 0 of a team of two are resumed by a team of
    /// three, whose other members receive them from member 0.
    #[test]
    fn a_team_of_another_size_resumes_from_the_checkpoint() {
        let path = scratch("o6.ckpt");
        let attach = |seq: &mut Sequence, limits: &Limits, path: &Path| {
            let team = limits.run.team.as_ref().unwrap();
            seq.attach_checkpoint_in(path, team.as_ref()).unwrap();
        };
        on_team(2, |_, limits| {
            let mut seq = Sequence::new(game("0.6"));
            attach(&mut seq, &limits, &path);
            seq.extend(9_000, &limits).unwrap();
        });
        let resumed = on_team(3, |_, limits| {
            let mut seq = Sequence::new(game("0.6"));
            attach(&mut seq, &limits, &path);
            let len = seq.len();
            seq.extend(15_000, &limits).unwrap();
            (len, seq.store().clone())
        });
        let one = alone("0.6", 15_000);
        for (len, table) in resumed {
            assert_eq!(len, 9_001);
            assert_eq!(&table, one.store());
        }
        std::fs::remove_file(&path).unwrap();
    }

    /// When member 0 cannot open the checkpoint, every member fails (none
    /// waits for values that will not come).
    #[test]
    fn a_checkpoint_member_0_refuses_fails_every_member() {
        let path = scratch("bad.ckpt");
        std::fs::write(&path, b"not a checkpoint").unwrap();
        let errors = on_team(3, |_, limits| {
            let mut seq = Sequence::new(game("0.6"));
            let team = limits.run.team.unwrap();
            seq.attach_checkpoint_in(&path, team.as_ref())
                .unwrap_err()
                .to_string()
        });
        assert!(errors[1].contains("member 0") && errors[2].contains("member 0"));
        assert!(!errors[0].contains("member 0"), "{}", errors[0]);
        std::fs::remove_file(&path).unwrap();
    }

    /// A stop seen by one member stops them all at the same heap.
    #[test]
    fn a_stop_seen_by_one_member_stops_the_team() {
        let ends = on_team(3, |rank, limits| {
            let limits = limits.with_stop((rank == 1).then(|| Arc::new(AtomicBool::new(true))));
            let mut seq = Sequence::new(game("0.6"));
            let err = seq.extend(100_000, &limits).unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::Interrupted), "{err}");
            seq.len()
        });
        assert!(ends[0] < 100_000 && ends.iter().all(|&len| len == ends[0]));
    }

    /// An error from one member's chunk callback (member 0's output
    /// closing, say) stops them all at the same heap, rather than leaving
    /// the others waiting for it.
    #[test]
    fn a_callback_error_of_one_member_stops_the_team() {
        let ends = on_team(3, |rank, limits| {
            let mut seq = Sequence::new(game("0.6"));
            let err = seq
                .extend_with(100_000, &limits, &mut |s| {
                    if rank == 0 && s.len() > 20_000 {
                        Err(ErrorKind::Interrupted.into())
                    } else {
                        Ok(())
                    }
                })
                .unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::Interrupted), "{err}");
            seq.len()
        });
        assert!(ends[0] < 100_000 && ends.iter().all(|&len| len == ends[0]));
    }
}
