//! Reads the input of `poj2234` on standard input and prints its answer;
//! see [`grundy_cookbook::poj2234`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("poj2234", grundy_cookbook::poj2234::solve)
}
