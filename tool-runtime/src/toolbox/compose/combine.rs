//! [`Combine`]: several toolboxes served as one.

use super::ComposeError;
use crate::{Arguments, CallContext, ToolDef, ToolError, ToolList, ToolOutput, Toolbox};

/// Several toolboxes as one: implemented for tuples of 2 to 8 toolboxes (owned or borrowed).
///
/// ```
/// use toolc::{toolbox, Combine, Toolbox};
///
/// struct Files;
/// struct Web;
///
/// #[toolbox]
/// impl Files {
///     /// Read a file.
///     #[tool]
///     fn read_file(path: String) -> String { format!("contents of {path}") }
/// }
///
/// #[toolbox]
/// impl Web {
///     /// Search the web.
///     #[tool]
///     fn web_search(query: String) -> Vec<String> { vec![query] }
/// }
///
/// let all = (Files, Web).combine().unwrap();
/// let names: Vec<_> = all.tools().iter().map(|tool| &*tool.name).collect();
/// assert_eq!(names, ["read_file", "web_search"]);
/// let out = pollster::block_on(all.call("web_search", r#"{"query": "rust"}"#)).unwrap();
/// assert_eq!(out, serde_json::json!(["rust"]));
/// ```
pub trait Combine: Sized {
    /// The combined toolbox.
    type Output: Toolbox;

    /// One toolbox listing every member's tools, in member order, and calling each in its member.
    ///
    /// A tool name two members share is an error naming both: when the program is compiled if both
    /// members know their names then (`#[toolbox]` types do), otherwise here.
    fn combine(self) -> Result<Self::Output, ComposeError>;
}

/// Several toolboxes served as one, made by [`Combine::combine`].
pub struct Combined<T> {
    members: T,
    list: ToolList,
    /// Each tool's name and member, sorted by name for lookup.
    owners: Vec<(String, usize)>,
}

impl<T> std::fmt::Debug for Combined<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Combined").field(&self.list).finish()
    }
}

impl<T> Combined<T> {
    /// The members, as they were given.
    pub fn members(&self) -> &T {
        &self.members
    }

    fn owner(&self, name: &str) -> Result<usize, ToolError> {
        match self.owners.binary_search_by(|(owned, _)| owned.as_str().cmp(name)) {
            Ok(found) => Ok(self.owners[found].1),
            Err(_) => Err(ToolError::unknown_tool(name, self.list.tools().iter().map(|tool| &*tool.name))),
        }
    }
}

/// The list of members' tools and their lookup, or the first name two members share.
fn assemble(lists: &[(&[ToolDef], &'static str)]) -> Result<(ToolList, Vec<(String, usize)>), ComposeError> {
    let mut tools = Vec::new();
    let mut owners: Vec<(String, usize)> = Vec::new();
    for (member, (list, _)) in lists.iter().enumerate() {
        for tool in *list {
            tools.push(tool.clone());
            owners.push((tool.name.to_string(), member));
        }
    }
    owners.sort();
    if let Some(pair) = owners.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        let (first, second) = (pair[0].1, pair[1].1);
        return Err(ComposeError::SharedName {
            name: pair[0].0.clone(),
            members: [(first, lists[first].1), (second, lists[second].1)],
        });
    }
    Ok((ToolList::new(tools), owners))
}

/// The first name found in two of `lists`, at compile time.
#[doc(hidden)]
pub const fn shared_name(lists: &[&[&'static str]]) -> Option<&'static str> {
    let mut a = 0;
    while a < lists.len() {
        let mut b = a + 1;
        while b < lists.len() {
            let mut i = 0;
            while i < lists[a].len() {
                let mut j = 0;
                while j < lists[b].len() {
                    if str_eq(lists[a][i], lists[b][j]) {
                        return Some(lists[a][i]);
                    }
                    j += 1;
                }
                i += 1;
            }
            b += 1;
        }
        a += 1;
    }
    None
}

/// The compile-time error for a tool `name` two members share, in a buffer: its bytes and length.
#[doc(hidden)]
pub const fn shared_name_message(name: &str) -> ([u8; 512], usize) {
    let parts: [&[u8]; 3] = [
        b"two members of this `combine()` both have a tool named `",
        name.as_bytes(),
        b"`: give one a prefix with `.prefixed(\"..._\")`, or leave the tool out of one with `.except([...])`",
    ];
    let mut text = [0u8; 512];
    let mut len = 0;
    let mut part = 0;
    while part < parts.len() {
        let mut i = 0;
        while i < parts[part].len() && len < text.len() {
            text[len] = parts[part][i];
            len += 1;
            i += 1;
        }
        part += 1;
    }
    (text, len)
}

macro_rules! combine_tuple {
    ($($member:ident $index:tt),+) => {
        impl<$($member: Toolbox),+> Combine for ($($member,)+) {
            type Output = Combined<($($member,)+)>;

            fn combine(self) -> Result<Self::Output, ComposeError> {
                const {
                    if let Some(name) = shared_name(&[$($member::NAMES),+]) {
                        let (text, len) = shared_name_message(name);
                        match core::str::from_utf8(text.split_at(len).0) {
                            Ok(message) => panic!("{}", message),
                            Err(_) => panic!("two combined toolboxes have a tool of the same name"),
                        }
                    }
                }
                let (list, owners) = assemble(&[$((self.$index.tools(), std::any::type_name::<$member>())),+])?;
                Ok(Combined { members: self, list, owners })
            }
        }

        impl<$($member: Toolbox),+> Toolbox for Combined<($($member,)+)> {
            fn tool_list(&self) -> &ToolList {
                &self.list
            }

            async fn call_arguments(
                &self,
                name: &str,
                arguments: Arguments<'_>,
                context: &CallContext,
            ) -> Result<ToolOutput, ToolError> {
                match self.owner(name)? {
                    $($index => self.members.$index.call_arguments(name, arguments, context).await,)+
                    _ => unreachable!("every tool's member is one of the members"),
                }
            }
        }
    };
}

combine_tuple!(A 0, B 1);
combine_tuple!(A 0, B 1, C 2);
combine_tuple!(A 0, B 1, C 2, D 3);
combine_tuple!(A 0, B 1, C 2, D 3, E 4);
combine_tuple!(A 0, B 1, C 2, D 3, E 4, F 5);
combine_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
combine_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);

/// `a == b` in a const context, for the duplicate-name check of enum toolboxes.
pub const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
