//! The `toolc` command; everything it does is in the library.

fn main() -> std::process::ExitCode {
    toolc_cli::main()
}
