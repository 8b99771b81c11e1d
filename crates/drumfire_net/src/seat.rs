//! A player's seat at a game between two machines: the side it plays and the secret
//! its hash chain grows from. It lives beside the game's autosave
//! (`NAME.ron` → `NAME.seat.ron`) and is never sent: with it and the autosave, a
//! machine takes the game up again after a lost connection or a restart. It also keeps
//! the text behind each of the player's sealed orders ([`drumfire_core::sealed`]) until
//! the rules open it.

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

/// The folder that holds seats, made (or narrowed) to its owner alone (mode 0700).
/// The current folder is left as it is: a seat is kept under `saves/` unless the
/// player names another place.
fn owner_only_dir(dir: &Path) -> std::io::Result<()> {
    if dir.as_os_str().is_empty() || dir == Path::new(".") {
        return Ok(());
    }
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir)?.permissions().mode();
        if mode & 0o077 != 0 {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode & 0o700))?;
        }
    }
    Ok(())
}

/// A fresh secret from the system's random source.
pub fn fresh_secret() -> Result<Digest32, String> {
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).map_err(|e| format!("no random secret: {e}"))?;
    Ok(secret)
}

impl Seat {
    /// Writes the seat beside `save`, atomically.
    pub fn write(&self, save: &Path) -> std::io::Result<()> {
        let path = path_of(save);
        let file = SeatFile {
            side: self.side,
            secret: hex(&self.chain.secret()),
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

    /// Reads the seat beside `save`: errors name the file, line and column.
    pub fn read(save: &Path) -> Result<Self, String> {
        let path = path_of(save);
        let shown = path.display().to_string();
        let text = drumfire_core::error::read_file(&path).map_err(|e| e.to_string())?;
        let file: SeatFile =
            drumfire_core::error::read_ron(&shown, &text).map_err(|e| e.to_string())?;
        let secret = unhex(&file.secret).map_err(|e| format!("{shown}: secret: {e}"))?;
        if file.side > 1 {
            return Err(format!("{shown}: side: {} is not 0 or 1", file.side));
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

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_seat_and_its_folder_are_readable_by_their_owner_only() {
        let root = std::env::temp_dir().join(format!("drumfire-seat-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        // A folder that others could read before: narrowed when a seat goes in.
        std::fs::create_dir_all(&root).unwrap();
        std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o755)).unwrap();
        let save = root.join("game.ron");
        let seat = Seat {
            side: 1,
            chain: Chain::new([7; 32]),
            host: Some("example:7373".into()),
            sealed: BTreeMap::from([(3, "secret orders".to_string())]),
            pending: Some(KeptOrder {
                index: 4,
                order: "Pass(side: 1)".into(),
                signature: "ab".repeat(64),
            }),
        };
        seat.write(&save).unwrap();
        assert_eq!(mode(&path_of(&save)), 0o600);
        assert_eq!(mode(&root), 0o700);
        // Written again (a second seal): still the owner's alone, and it reads back.
        seat.write(&save).unwrap();
        assert_eq!(mode(&path_of(&save)), 0o600);
        let back = Seat::read(&save).unwrap();
        assert_eq!((&back.sealed, &back.pending), (&seat.sealed, &seat.pending));
        assert_eq!(back.chain.commitment(), seat.chain.commitment());
        // A folder made for the seat is its owner's alone from the start.
        let fresh = root.join("post").join("game.ron");
        seat.write(&fresh).unwrap();
        assert_eq!(mode(&root.join("post")), 0o700);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
