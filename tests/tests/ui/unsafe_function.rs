use toolc::tool;

/// Read memory.
#[tool]
pub unsafe fn peek(address: usize) -> u8 {
    unsafe { *(address as *const u8) }
}

fn main() {}
