use toolc::toolbox;

pub struct Browser;

#[toolbox]
impl Default for Browser {
    /// Make one.
    #[tool]
    fn default() -> Self {
        Browser
    }
}

fn main() {}
