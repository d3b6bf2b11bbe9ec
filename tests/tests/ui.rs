//! Every diagnostic of `#[tool]` and `#[toolbox]`: one file per mistake, named for it, with the
//! compiler's output beside it (`ui/*.stderr`), each read and judged: the span sits on the offending
//! tokens and the message says how to fix it. Regenerate with `TRYBUILD=overwrite` only to re-judge.

#[test]
fn diagnostics() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
    cases.pass("tests/ui-pass/*.rs");
}
