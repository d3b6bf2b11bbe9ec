use toolc::toolbox;

pub struct Session;

#[toolbox]
impl Session {
    /// Close the session.
    #[tool]
    pub fn close(self) -> bool {
        true
    }
}

fn main() {}
