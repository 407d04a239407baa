//! Reads the input of `hdu1847` on standard input and prints its answer;
//! see [`grundy_cookbook::hdu1847`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("hdu1847", grundy_cookbook::hdu1847::solve)
}
