//! A server's skills (the extension SEP-2640, `io.modelcontextprotocol/skills`), as a host reads
//! them: listed without reading a file; a skill's `SKILL.md` read when the program loads it, and
//! its other files when the program needs them; each file checked against the size and digest its
//! entry promises, and the `SKILL.md` frontmatter against the entry's, so that content the listing
//! did not describe is never handed on.

use base64::Engine as _;
use rmcp::model::{ReadResourceRequestParams, ResourceContents, Skill, SkillResources};
use serde_json::{Map, Value};

use super::{Inner, McpError, McpToolbox};

impl McpToolbox {
    /// Every skill the server lists (`skills/list`, page after page), each with its frontmatter and
    /// the files it has; none when the server does not declare the skills extension. No file of a
    /// skill is read: a host reads a skill's files only once the skill is loaded
    /// ([`McpToolbox::load_skill`]).
    pub async fn skills(&self) -> Result<Vec<Skill>, McpError> {
        let link = self.inner.up().await?;
        let declared = link.peer().peer_info().is_some_and(|info| info.capabilities.supports_skills());
        if !declared {
            return Ok(Vec::new());
        }
        let listed = link.peer().list_all_skills().await;
        listed.map_err(|err| self.inner.skill_error("skills/list", &format!("was refused: {err}")))
    }

    /// Loads `skill` (an entry of [`McpToolbox::skills`]): reads its `SKILL.md` and returns its
    /// text, once the text has the size and digest the entry gives for it and the YAML frontmatter
    /// it begins with is, field by field, the entry's frontmatter. Content that differs is refused
    /// with what differs, and never returned.
    pub async fn load_skill(&self, skill: &Skill) -> Result<String, McpError> {
        let bytes = self.read_skill_file(skill, &skill.uri).await?;
        let text = String::from_utf8(bytes)
            .map_err(|_| self.inner.skill_error(&skill.uri, "is not UTF-8 text, as a SKILL.md must be"))?;
        let mismatch = frontmatter_mismatch(&text, skill);
        match mismatch {
            Some(why) => Err(self.inner.skill_error(&skill.uri, &format!("is refused: {why}"))),
            None => Ok(text),
        }
    }

    /// Reads the file at `uri` of `skill` (`resources/read`), its bytes checked against the size
    /// and digest the skill's entry gives for it. A URI the entry does not list is refused unread;
    /// a skill whose files are `"dynamic"` has no digests, and its files are returned as read.
    pub async fn read_skill_file(&self, skill: &Skill, uri: &str) -> Result<Vec<u8>, McpError> {
        let promised = match &skill.resources {
            SkillResources::Files(files) => {
                let found = files.iter().find(|file| file.uri == uri);
                Some(found.ok_or_else(|| {
                    self.inner.skill_error(uri, &format!("is not one of the files the skill `{}` lists", skill.name()))
                })?)
            }
            _ => None,
        };
        let link = self.inner.up().await?;
        let read = link.peer().read_resource(ReadResourceRequestParams::new(uri)).await;
        let read = read.map_err(|err| self.inner.skill_error(uri, &format!("cannot be read: {err}")))?;
        let Some(contents) = read.contents.into_iter().next() else {
            return Err(self.inner.skill_error(uri, "was read with no contents"));
        };
        let bytes = match contents {
            ResourceContents::TextResourceContents { text, .. } => text.into_bytes(),
            ResourceContents::BlobResourceContents { blob, .. } => base64::engine::general_purpose::STANDARD
                .decode(blob)
                .map_err(|err| self.inner.skill_error(uri, &format!("was read as a blob that is not base64: {err}")))?,
            _ => return Err(self.inner.skill_error(uri, "was read as contents that are neither text nor a blob")),
        };
        if let Some(promised) = promised {
            promised.verify(&bytes).map_err(|err| {
                self.inner.skill_error(uri, &format!("is refused, not what the skill's entry describes: {err}"))
            })?;
        }
        Ok(bytes)
    }
}

impl Inner {
    /// [`McpError::Skill`] for `what` (a method or a file's URI) of this server.
    fn skill_error(&self, what: &str, why: &str) -> McpError {
        McpError::Skill { server: self.name.clone(), why: format!("`{what}` {why}") }
    }
}

/// How the frontmatter `text` begins with differs from `skill`'s entry, field by field; `None`
/// when they are the same.
fn frontmatter_mismatch(text: &str, skill: &Skill) -> Option<String> {
    let Some(block) = frontmatter_block(text) else {
        return Some("it does not begin with a `---` delimited YAML frontmatter block".to_owned());
    };
    let read: Map<String, Value> = match yaml_serde::from_str(block) {
        Ok(Value::Object(read)) => read,
        Ok(other) => return Some(format!("its frontmatter is not a map but {other}")),
        Err(err) => return Some(format!("its frontmatter is not YAML: {err}")),
    };
    let entry = match serde_json::to_value(&skill.frontmatter) {
        Ok(Value::Object(entry)) => entry,
        _ => return Some("the entry's frontmatter cannot be read".to_owned()),
    };
    let mut keys: Vec<&String> = read.keys().chain(entry.keys()).collect();
    keys.sort();
    keys.dedup();
    let differ: Vec<String> = keys
        .into_iter()
        .filter(|key| read.get(*key) != entry.get(*key))
        .map(|key| {
            let show = |value: Option<&Value>| value.map_or_else(|| "nothing".to_owned(), Value::to_string);
            format!("`{key}` is {} in the file and {} in the entry", show(read.get(key)), show(entry.get(key)))
        })
        .collect();
    (!differ.is_empty()).then(|| format!("its frontmatter differs from the entry's: {}", differ.join("; ")))
}

/// The YAML between the `---` lines `text` begins with (a byte-order mark before them allowed).
fn frontmatter_block(text: &str) -> Option<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text.strip_prefix("---\n").or_else(|| text.strip_prefix("---\r\n"))?;
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            return Some(&rest[..offset]);
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use rmcp::model::{SkillFrontmatter, SkillResource};

    use super::*;

    fn skill(description: &str) -> Skill {
        let frontmatter = SkillFrontmatter::new("pdf-processing", description);
        let files = vec![SkillResource::from_bytes("skill://pdf-processing/SKILL.md", b"")];
        Skill::new("skill://pdf-processing/SKILL.md", frontmatter, SkillResources::Files(files))
    }

    const FILE: &str = "---\nname: pdf-processing\ndescription: Extract PDF text\n---\n\nSkill body.\n";

    #[test]
    fn a_frontmatter_that_is_the_entrys_passes() {
        assert_eq!(frontmatter_mismatch(FILE, &skill("Extract PDF text")), None);
        assert_eq!(frontmatter_mismatch(&FILE.replace('\n', "\r\n"), &skill("Extract PDF text")), None);
    }

    #[test]
    fn a_field_that_differs_is_named_with_both_values() {
        let why = frontmatter_mismatch(FILE, &skill("Fill PDF forms")).unwrap();
        assert!(why.contains("`description` is \"Extract PDF text\" in the file and \"Fill PDF forms\""), "{why}");
        let extra = FILE.replace("---\n\n", "license: MIT\n---\n\n");
        let why = frontmatter_mismatch(&extra, &skill("Extract PDF text")).unwrap();
        assert!(why.contains("`license` is \"MIT\" in the file and nothing in the entry"), "{why}");
    }

    #[test]
    fn a_file_without_frontmatter_is_refused() {
        for text in ["Skill body.", "---\nname: x\n", "---\n- a list\n---\n"] {
            assert!(frontmatter_mismatch(text, &skill("d")).is_some(), "{text:?}");
        }
    }
}
