//! The linker settings a Node addon needs on each platform (on macOS, symbols left to the loader).
fn main() {
    napi_build::setup();
}
