//! [`TokenFile`]: a server's tokens kept in a file only its owner can read, for a program that
//! should not sign in again every time it starts (feature `oauth`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rmcp::transport::auth::{AuthError, CredentialStore, StoredCredentials};
use tokio::sync::RwLock;

/// A credential store for [`SignIn::store`](super::SignIn::store): one server's tokens in one JSON
/// file, written whole or not at all (a new file beside it, renamed over the old), readable by its
/// owner alone (mode 0600 on Unix; the folder made is 0700). Read once, then kept in memory, since
/// the client looks at its token on every request.
///
/// ```
/// use toolc_mcp::{SignIn, TokenFile};
///
/// let store = TokenFile::new("/home/me/.config/my-agent/tokens/github.json");
/// let sign_in = SignIn::new("http://127.0.0.1:8976/callback", |_url| async { Err("no browser".to_owned()) }).store(store);
/// # drop(sign_in);
/// ```
#[derive(Clone, Debug)]
pub struct TokenFile {
    path: Arc<PathBuf>,
    /// What the file holds: `None` until it is read.
    read: Arc<RwLock<Option<Option<StoredCredentials>>>>,
}

impl TokenFile {
    /// The store in the file at `path` (made when tokens are first saved).
    pub fn new(path: impl Into<PathBuf>) -> Self {
        TokenFile { path: Arc::new(path.into()), read: Arc::default() }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn failed(&self, what: &str, err: impl std::fmt::Display) -> AuthError {
        AuthError::CredentialStoreError(format!("cannot {what} the token file {}: {err}", self.path.display()))
    }

    /// Writes `content` to the file whole: into a new file beside it, made readable by its owner
    /// alone, synced, then renamed over it.
    fn write(&self, content: &[u8]) -> Result<(), AuthError> {
        use std::io::Write;
        let folder = match self.path.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => Path::new("."),
        };
        make_private_folder(folder).map_err(|err| self.failed("make the folder of", err))?;
        let mut builder = tempfile::Builder::new();
        builder.prefix(".tokens");
        #[cfg(unix)]
        builder.permissions(owner_only());
        let mut file = builder.tempfile_in(folder).map_err(|err| self.failed("write", err))?;
        file.write_all(content).and_then(|()| file.as_file().sync_all()).map_err(|err| self.failed("write", err))?;
        file.persist(&*self.path).map_err(|err| self.failed("write", err.error))?;
        Ok(())
    }
}

#[async_trait::async_trait]
impl CredentialStore for TokenFile {
    async fn load(&self) -> Result<Option<StoredCredentials>, AuthError> {
        if let Some(known) = &*self.read.read().await {
            return Ok(known.clone());
        }
        let mut read = self.read.write().await;
        let found = match std::fs::read(&*self.path) {
            Ok(bytes) => Some(serde_json::from_slice(&bytes).map_err(|err| self.failed("read", err))?),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
            Err(err) => return Err(self.failed("read", err)),
        };
        *read = Some(found.clone());
        Ok(found)
    }

    async fn save(&self, credentials: StoredCredentials) -> Result<(), AuthError> {
        let mut read = self.read.write().await;
        let content = serde_json::to_vec_pretty(&credentials).map_err(|err| self.failed("write", err))?;
        self.write(&content)?;
        *read = Some(Some(credentials));
        Ok(())
    }

    async fn clear(&self) -> Result<(), AuthError> {
        let mut read = self.read.write().await;
        match std::fs::remove_file(&*self.path) {
            Ok(()) => {}
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => return Err(self.failed("remove", err)),
        }
        *read = Some(None);
        Ok(())
    }
}

#[cfg(unix)]
fn owner_only() -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    std::fs::Permissions::from_mode(0o600)
}

/// Makes `folder` (and what is missing above it), readable by its owner alone where it is new.
fn make_private_folder(folder: &Path) -> std::io::Result<()> {
    if folder.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(folder)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn credentials() -> StoredCredentials {
        StoredCredentials::new("client-1".to_owned(), None, vec!["read".to_owned()], Some(7))
            .with_issuer(Some("https://as.example".to_owned()))
    }

    #[tokio::test]
    async fn tokens_survive_a_new_store_and_only_the_owner_reads_them() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("new/servers/github.json");
        let store = TokenFile::new(&path);
        assert!(store.load().await.unwrap().is_none(), "no file is no tokens");
        store.save(credentials()).await.unwrap();
        let again = TokenFile::new(&path).load().await.unwrap().expect("saved");
        assert_eq!((again.client_id.as_str(), again.issuer.as_deref()), ("client-1", Some("https://as.example")));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
            assert_eq!(std::fs::metadata(path.parent().unwrap()).unwrap().permissions().mode() & 0o777, 0o700);
        }
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "only the file itself: {leftovers:?}");
        store.clear().await.unwrap();
        assert!(!path.exists() && store.load().await.unwrap().is_none());
    }

    #[tokio::test]
    async fn a_file_that_is_not_tokens_is_an_error_naming_it() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("tokens.json");
        std::fs::write(&path, "{not json").unwrap();
        let err = TokenFile::new(&path).load().await.unwrap_err().to_string();
        assert!(err.contains("tokens.json") && err.contains("cannot read"), "{err}");
    }
}
