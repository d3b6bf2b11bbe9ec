use toolc::toolbox;

pub struct Store<T>(Vec<T>);

#[toolbox]
impl<T: Sync> Store<T> {
    /// Count the items.
    #[tool]
    pub fn count(&self) -> usize {
        self.0.len()
    }
}

fn main() {}
