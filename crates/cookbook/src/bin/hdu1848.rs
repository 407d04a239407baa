//! Reads the input of `hdu1848` on standard input and prints its answer;
//! see [`grundy_cookbook::hdu1848`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("hdu1848", grundy_cookbook::hdu1848::solve)
}
