use toolc::toolbox;

pub struct Counter {
    count: u64,
}

#[toolbox]
impl Counter {
    /// Count one more.
    #[tool]
    pub fn increment(&mut self) -> u64 {
        self.count += 1;
        self.count
    }
}

fn main() {}
