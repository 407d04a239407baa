//! The processes `mpirun` starts, as a [`Team`] for the sequence engine
//! (the `mpi` feature; see docs/DISTRIBUTED.md).
//!
//! Every process runs the same command on the same values. Member 0 (MPI
//! rank 0) prints, shows progress and writes the checkpoint; the others
//! compute and stay silent. A failure on any member ends the whole job
//! with `MPI_Abort`, since the others could only wait for it.

use std::sync::{Arc, Mutex};

use grundy::limits::Team;
use mpi::collective::{CommunicatorCollectives, Root, SystemOperation};
use mpi::environment::Universe;
use mpi::topology::{Communicator, SimpleCommunicator};

/// The members of `MPI_COMM_WORLD`.
///
/// It holds no communicator: `MPI_COMM_WORLD` is fetched for each call, so
/// the team is `Send` and `Sync`, and the lock keeps calls from two
/// threads apart, as the `Serialized` threading level asks.
pub struct MpiTeam {
    rank: usize,
    size: usize,
    calls: Mutex<()>,
}

/// Largest piece broadcast at once: MPI counts elements in a C `int`.
const PIECE: usize = 1 << 30;

/// Starts MPI when this process was started by an MPI launcher (its
/// environment names a rank), and returns the universe, to be kept until
/// the end, and the team. A plain start stays a single process, without
/// touching MPI.
pub fn start() -> Option<(Universe, Arc<MpiTeam>)> {
    const LAUNCHED: [&str; 4] = [
        "OMPI_COMM_WORLD_SIZE",
        "PMI_SIZE",
        "PMIX_RANK",
        "MPI_LOCALNRANKS",
    ];
    if !LAUNCHED.iter().any(|name| std::env::var_os(name).is_some()) {
        return None;
    }
    let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Serialized)?;
    let world = universe.world();
    let team = MpiTeam {
        rank: world.rank() as usize,
        size: world.size() as usize,
        calls: Mutex::new(()),
    };
    Some((universe, Arc::new(team)))
}

/// Ends every process of the job with `code`: a member that failed must
/// not leave the others waiting in a collective.
pub fn abort(code: i32) -> ! {
    SimpleCommunicator::world().abort(code)
}

impl Team for MpiTeam {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.size
    }

    fn or_all(&self, words: &mut [u64]) {
        let _serialised = self.calls.lock().unwrap_or_else(|e| e.into_inner());
        let mine = words.to_vec();
        SimpleCommunicator::world().all_reduce_into(
            &mine[..],
            words,
            SystemOperation::bitwise_or(),
        );
    }

    fn broadcast(&self, bytes: &mut Vec<u8>) {
        let _serialised = self.calls.lock().unwrap_or_else(|e| e.into_inner());
        let world = SimpleCommunicator::world();
        let root = world.process_at_rank(0);
        let mut len = [bytes.len() as u64];
        root.broadcast_into(&mut len[..]);
        bytes.resize(len[0] as usize, 0);
        for piece in bytes.chunks_mut(PIECE) {
            root.broadcast_into(piece);
        }
    }
}
