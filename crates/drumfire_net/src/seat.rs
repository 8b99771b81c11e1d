//! A player's seat at a game between two machines: the side it plays and the secret
//! its hash chain grows from. It lives beside the game's autosave
//! (`NAME.ron` → `NAME.seat.ron`) and is never sent: with it and the autosave, a
//! machine takes the game up again after a lost connection or a restart. It also keeps
//! the text behind each of the player's sealed orders ([`drumfire_core::sealed`]) until
//! the rules open it.
//!
//! A seat carries this machine's **mark**: an HMAC-SHA-256 (ring) of its side and
//! secret under a key that never leaves this machine (`seat.key` in the data folder,
//! [`drumfire_core::paths::data`], made on first use, mode 0600). A seat is used only
//! when its mark is this machine's: one that another machine made — planted beside a
//! save or a turn file by the other player, who would know every die and sealed order
//! of it — is refused, wherever it lies.

use drumfire_core::shared_dice::{Chain, Digest32, hex, unhex};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A seat file as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Seat")]
struct SeatFile {
    /// The side played, 0-based.
    side: u8,
    /// The chain's secret, hex. Keep it to yourself.
    secret: String,
    /// The host's address, on the joining machine ("host:port").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    host: Option<String>,
    /// The secret behind each sealed order of this player, by the order's number.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    sealed: BTreeMap<usize, String>,
    /// This player's last order sent, kept before it went out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pending: Option<KeptOrder>,
    /// This machine's mark on the side and secret, hex ([`SeatKey`]).
    #[serde(default)]
    mark: String,
}

/// An order this machine signed and sent with its reveal, kept in the seat before it
/// went out: after a restart it is sent again as it was, never replaced by another
/// (the other player has seen its dice).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptOrder {
    /// Its number.
    pub index: usize,
    /// The order, as a message carries it.
    pub order: String,
    /// This machine's signature on it, hex.
    pub signature: String,
}

/// A player's seat.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The side played, 0-based.
    pub side: u8,
    /// The player's chain.
    pub chain: Chain,
    /// The host's address, on the joining machine.
    pub host: Option<String>,
    /// The secret behind each sealed order of this player, by the order's number.
    pub sealed: BTreeMap<usize, String>,
    /// This player's last order sent (network games).
    pub pending: Option<KeptOrder>,
}

/// Where the seat of the game saved at `save` is kept.
pub fn path_of(save: &Path) -> PathBuf {
    save.with_extension("seat.ron")
}

/// A new file that only its owner may read or write (mode 0600 where the platform
/// has modes).
fn owner_only_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

/// The folder that holds seats, made where it is missing: each folder made is its
/// owner's alone (mode 0700). A folder already there is left as it is (a seat file is
/// its owner's alone whatever the folder around it): the program changes the modes of
/// nothing it did not make.
fn owner_only_dir(dir: &Path) -> std::io::Result<()> {
    if dir.as_os_str().is_empty() || dir.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// The key this machine marks its seats with: kept in the data folder and never sent.
pub struct SeatKey(ring::hmac::Key);

impl SeatKey {
    /// A key from its 32 bytes.
    pub fn new(bytes: &Digest32) -> Self {
        Self(ring::hmac::Key::new(ring::hmac::HMAC_SHA256, bytes))
    }

    /// This machine's key: `seat.key` in the data folder, made (fresh from the
    /// system's random source, mode 0600) the first time a seat is written.
    pub fn here() -> Result<Self, String> {
        // This crate's own tests keep theirs out of the player's data folder.
        let dir = if cfg!(test) {
            std::env::temp_dir().join(format!("drumfire-net-tests-{}", std::process::id()))
        } else {
            drumfire_core::paths::data()
        };
        let path = dir.join("seat.key");
        let shown = path.display().to_string();
        if !path.exists() {
            owner_only_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let key = fresh_secret()?;
            // Made under a temporary name and linked into place: two programs making
            // it at once keep one key, and nobody reads half of one.
            // Its own name: two threads or programs may be making the key at once.
            let tmp = dir.join(format!("seat.key.{}.tmp", &hex(&fresh_secret()?)[..16]));
            let _ = std::fs::remove_file(&tmp);
            {
                let mut f = owner_only_file(&tmp).map_err(|e| format!("{shown}: {e}"))?;
                f.write_all(format!("{}\n", hex(&key)).as_bytes())
                    .and_then(|()| f.sync_all())
                    .map_err(|e| format!("{shown}: {e}"))?;
            }
            let linked = std::fs::hard_link(&tmp, &path);
            let _ = std::fs::remove_file(&tmp);
            match linked {
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                // A file system without links: made in place, never over another.
                Err(_) => {
                    let mut f = owner_only_file(&path).map_err(|e| format!("{shown}: {e}"))?;
                    f.write_all(format!("{}\n", hex(&key)).as_bytes())
                        .and_then(|()| f.sync_all())
                        .map_err(|e| format!("{shown}: {e}"))?;
                }
                Ok(()) => {}
            }
        }
        // A key others may read (or one someone else left where the data folder falls
        // back to the shared temporary folder) could forge this machine's marks.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path)
                .map_err(|e| format!("{shown}: {e}"))?
                .permissions()
                .mode();
            if mode & 0o077 != 0 {
                return Err(format!(
                    "{shown}: others may read or write this machine's seat key (mode {:o}): \
                     make it its owner's alone (chmod 600) if you made it, else remove it",
                    mode & 0o777
                ));
            }
        }
        let text = drumfire_core::error::read_file(&path).map_err(|e| e.to_string())?;
        let bytes = unhex(text.trim()).map_err(|e| format!("{shown}: {e}"))?;
        Ok(Self::new(&bytes))
    }

    fn message(side: u8, secret: &Digest32) -> Vec<u8> {
        let mut m = b"drumfire seat mark\0".to_vec();
        m.push(side);
        m.extend_from_slice(secret);
        m
    }

    /// The mark of a seat with this side and secret.
    fn mark(&self, side: u8, secret: &Digest32) -> String {
        hex(ring::hmac::sign(&self.0, &Self::message(side, secret)).as_ref())
    }

    /// Is `mark` this key's for the side and secret (compared in constant time)?
    fn marked(&self, side: u8, secret: &Digest32, mark: &str) -> bool {
        let Ok(tag) = unhex(mark) else {
            return false;
        };
        ring::hmac::verify(&self.0, &Self::message(side, secret), &tag).is_ok()
    }
}

/// A fresh secret from the system's random source.
pub fn fresh_secret() -> Result<Digest32, String> {
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).map_err(|e| format!("no random secret: {e}"))?;
    Ok(secret)
}

impl Seat {
    /// Writes the seat beside `save`, atomically, with this machine's mark.
    pub fn write(&self, save: &Path) -> Result<(), String> {
        let key = SeatKey::here()?;
        self.write_marked(save, &key)
            .map_err(|e| format!("{}: {e}", path_of(save).display()))
    }

    /// Writes the seat beside `save`, atomically, marked with `key`.
    pub fn write_marked(&self, save: &Path, key: &SeatKey) -> std::io::Result<()> {
        let path = path_of(save);
        let secret = self.chain.secret();
        let file = SeatFile {
            mark: key.mark(self.side, &secret),
            side: self.side,
            secret: hex(&secret),
            host: self.host.clone(),
            sealed: self.sealed.clone(),
            pending: self.pending.clone(),
        };
        let body =
            ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::new().struct_names(true))
                .map_err(std::io::Error::other)?;
        let text = format!(
            "// Drumfire seat: this player's side and dice secret in a game between two machines,\n\
             // and its sealed orders. Keep it to yourself: with it, anyone could work out\n\
             // your dice and read your orders.\n{body}\n"
        );
        if let Some(dir) = path.parent() {
            owner_only_dir(dir)?;
        }
        let tmp = path.with_extension("ron.tmp");
        {
            // A stale temporary file of another mode goes first: the new one is made
            // readable by its owner alone before anything is written to it.
            let _ = std::fs::remove_file(&tmp);
            let mut f = owner_only_file(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
        }
        std::fs::rename(&tmp, &path)
    }

    /// Reads the seat beside `save`, made on this machine: errors name the file, line
    /// and column.
    pub fn read(save: &Path) -> Result<Self, String> {
        Self::read_marked(save, &SeatKey::here()?)
    }

    /// Reads the seat beside `save`, refused unless `key` marked it.
    pub fn read_marked(save: &Path, key: &SeatKey) -> Result<Self, String> {
        let path = path_of(save);
        let shown = path.display().to_string();
        let text = drumfire_core::error::read_file(&path).map_err(|e| e.to_string())?;
        let file: SeatFile =
            drumfire_core::error::read_ron(&shown, &text).map_err(|e| e.to_string())?;
        let secret = unhex(&file.secret).map_err(|e| format!("{shown}: secret: {e}"))?;
        if file.side > 1 {
            return Err(format!("{shown}: side: {} is not 0 or 1", file.side));
        }
        if !key.marked(file.side, &secret, &file.mark) {
            return Err(format!(
                "{shown}: mark: this seat was not made on this machine, and is not used: \
                 whoever made it knows its dice secret, so it could work out your dice, read \
                 your sealed orders and sign as you. A seat is only ever used on the machine \
                 that made it (a seat from before seats were marked cannot be told from one \
                 planted by the other player)"
            ));
        }
        Ok(Self {
            side: file.side,
            chain: Chain::new(secret),
            host: file.host,
            sealed: file.sealed,
            pending: file.pending,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let root =
            std::env::temp_dir().join(format!("drumfire-seat-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        root
    }

    fn a_seat() -> Seat {
        Seat {
            side: 1,
            chain: Chain::new([7; 32]),
            host: Some("example:7373".into()),
            sealed: BTreeMap::from([(3, "secret orders".to_string())]),
            pending: Some(KeptOrder {
                index: 4,
                order: "Pass(side: 1)".into(),
                signature: "ab".repeat(64),
            }),
        }
    }

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
    }

    /// The seat is its owner's alone; a folder made for it too; a folder that was
    /// there (a shared one, open to all with the sticky bit) keeps its mode.
    #[cfg(unix)]
    #[test]
    fn a_seat_and_the_folders_made_for_it_are_their_owners_only_and_no_other_folder_changes() {
        use std::os::unix::fs::PermissionsExt;
        let root = scratch("modes");
        let shared = root.join("shared");
        std::fs::create_dir_all(&shared).unwrap();
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o1777)).unwrap();
        let key = SeatKey::new(&[1; 32]);
        let save = shared.join("host.ron");
        let seat = a_seat();
        seat.write_marked(&save, &key).unwrap();
        assert_eq!(mode(&path_of(&save)), 0o600);
        assert_eq!(mode(&shared), 0o1777, "a folder the program did not make");
        // Written again (a second seal): still the owner's alone, and it reads back.
        seat.write_marked(&save, &key).unwrap();
        assert_eq!(mode(&path_of(&save)), 0o600);
        let back = Seat::read_marked(&save, &key).unwrap();
        assert_eq!((&back.sealed, &back.pending), (&seat.sealed, &seat.pending));
        assert_eq!(back.chain.commitment(), seat.chain.commitment());
        // Folders made for the seat are their owner's alone from the start.
        let fresh = shared.join("post").join("deeper").join("game.ron");
        seat.write_marked(&fresh, &key).unwrap();
        assert_eq!(mode(&shared.join("post")), 0o700);
        assert_eq!(mode(&shared.join("post").join("deeper")), 0o700);
        assert_eq!(mode(&shared), 0o1777);
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// The attack: the other player makes a seat on its machine (it knows the secret)
    /// and plants it beside a save or turn file; this machine refuses it, and a seat
    /// with its mark taken off (as written before seats were marked) or its side or
    /// secret changed under the mark.
    #[test]
    fn a_seat_another_machine_made_is_never_used() {
        let root = scratch("planted");
        let save = root.join("game.ron");
        let (mine, theirs) = (SeatKey::new(&[1; 32]), SeatKey::new(&[2; 32]));
        a_seat().write_marked(&save, &theirs).unwrap();
        let e = Seat::read_marked(&save, &mine).unwrap_err();
        assert!(
            e.contains("game.seat.ron: mark: this seat was not made on this machine"),
            "{e}"
        );
        a_seat().write_marked(&save, &mine).unwrap();
        assert!(Seat::read_marked(&save, &mine).is_ok());
        let text = std::fs::read_to_string(path_of(&save)).unwrap();
        let line = |field: &str| {
            text.lines()
                .find(|l| l.trim_start().starts_with(field))
                .unwrap()
                .to_owned()
        };
        for forged in [
            text.replace(&line("mark:"), ""),
            text.replace(&line("side:"), "    side: 0,"),
            text.replace(
                &line("secret:"),
                &format!("    secret: \"{}\",", "08".repeat(32)),
            ),
        ] {
            std::fs::write(path_of(&save), &forged).unwrap();
            let e = Seat::read_marked(&save, &mine).unwrap_err();
            assert!(
                e.contains("mark: this seat was not made on this machine"),
                "{e}"
            );
        }
        std::fs::remove_dir_all(&root).unwrap();
    }
}
