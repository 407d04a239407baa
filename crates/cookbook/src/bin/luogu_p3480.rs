//! Reads the input of `luogu_p3480` on standard input and prints its answer;
//! see [`grundy_cookbook::luogu_p3480`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("luogu_p3480", grundy_cookbook::luogu_p3480::solve)
}
