//! What the game's buttons start beside the window: the replay viewer, the editor, a
//! game between two machines or by e-mail, and the log written out.

use super::*;

/// Writes the game in hand to `<data>/saves/<scenario>.replay.ron` and opens it in
/// `drumfire view`, in a window of its own: this game goes on untouched meanwhile.
pub(super) fn open_viewer(world: &mut World, source: &GameSource) -> String {
    let path = source.save_path("replay");
    if let Err(e) = write_save(world, source, &path) {
        return format!("Could not write {}: {e}", path.display());
    }
    match own_window("view", &path) {
        Ok(()) => format!(
            "The replay of this game opens from {} in a window of its own.",
            path.display()
        ),
        Err(e) => format!("Could not start the replay viewer: {e}"),
    }
}

/// Starts this program again with `command FILE`: a window of its own.
pub(super) fn own_window(command: &str, file: &std::path::Path) -> std::io::Result<()> {
    start_again(&[command.into(), file.as_os_str().to_owned()])
}

/// Starts this program again with these arguments.
pub(super) fn start_again(args: &[std::ffi::OsString]) -> std::io::Result<()> {
    let exe = std::env::current_exe()?;
    std::process::Command::new(exe)
        .args(args)
        .spawn()
        .map(|_| ())
}

/// The shipped scenario this game is of, if it is one (by its text).
pub(super) fn shipped_of(
    source: &GameSource,
) -> Option<&'static drumfire_core::rules::shipped::Shipped> {
    drumfire_core::rules::shipped::SHIPPED
        .iter()
        .find(|s| s.text == source.scenario.text)
}

/// The scenario for another process to open: a shipped one by its short name, the
/// player's own file, or else (a scenario read from a save) a copy of its text in
/// the saves folder.
pub(super) fn scenario_file(source: &GameSource) -> Result<PathBuf, String> {
    if let Some(s) = shipped_of(source) {
        return Ok(PathBuf::from(s.name));
    }
    let own = std::path::Path::new(&source.scenario.source);
    if own.is_file() {
        return Ok(own.to_path_buf());
    }
    write_copy(&source.save_path("edit"), &source.scenario.text)
}

/// Writes `text` to `path` (its folder made), unless a file is there already.
pub(super) fn write_copy(path: &std::path::Path, text: &str) -> Result<PathBuf, String> {
    if path.is_file() {
        return Ok(path.to_path_buf());
    }
    path.parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(path, text))
        .map_err(|e| format!("Could not write {}: {e}", path.display()))?;
    Ok(path.to_path_buf())
}

/// The scenario the editor opens: a shipped scenario is edited as a copy in the
/// player's scenarios folder, `my_<name>.ron` (made from the shipped text the first
/// time, the player's own edits after), never in place; the player's own file as it is; a
/// scenario read from a save as a copy in the scenarios folder.
pub(super) fn scenario_to_edit(source: &GameSource) -> Result<PathBuf, String> {
    let folder = drumfire_core::paths::scenarios();
    if let Some(s) = shipped_of(source) {
        return write_copy(&folder.join(format!("my_{}.ron", s.name)), s.text);
    }
    let own = std::path::Path::new(&source.scenario.source);
    if own.is_file() {
        return Ok(own.to_path_buf());
    }
    let stem = own.file_stem().map_or_else(
        || "scenario".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    );
    write_copy(&folder.join(format!("{stem}.ron")), &source.scenario.text)
}

/// The arguments of `drumfire host` for this scenario, as the Two machines window
/// sets it up; `Err` says what is wrong with what was typed.
pub fn host_args(scenario: &std::path::Path, two: &TwoMachines) -> Result<Vec<String>, String> {
    let port: u16 = two
        .port
        .trim()
        .parse()
        .map_err(|_| format!("`{}` is not a port number (0 to 65535)", two.port.trim()))?;
    Ok(vec![
        "host".into(),
        scenario.display().to_string(),
        "--port".into(),
        port.to_string(),
        "--side".into(),
        (two.side + 1).to_string(),
    ])
}

/// The arguments of `drumfire join`, as the Two machines window sets it up.
pub fn join_args(two: &TwoMachines) -> Result<Vec<String>, String> {
    let address = two.address.trim();
    if address.parse::<std::net::SocketAddr>().is_err()
        && !address
            .rsplit_once(':')
            .is_some_and(|(h, p)| !h.is_empty() && p.parse::<u16>().is_ok())
    {
        return Err(format!(
            "`{address}` is not an address: HOST:PORT, such as 192.168.1.20:7373"
        ));
    }
    two.code
        .trim()
        .parse::<drumfire_net::code::JoinCode>()
        .map_err(|e| format!("The code: {e}"))?;
    Ok(vec![
        "join".into(),
        address.to_owned(),
        "--code".into(),
        two.code.trim().to_owned(),
    ])
}

pub(super) fn host_from_window(source: &GameSource, two: &TwoMachines) -> String {
    if let Err(e) = drumfire_net::play::check_for_two(&source.scenario) {
        return e;
    }
    let args = match scenario_file(source).and_then(|f| host_args(&f, two)) {
        Ok(a) => a,
        Err(e) => return e,
    };
    let os: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    match start_again(&os) {
        Ok(()) => format!(
            "Hosting on port {} in a window of its own: it shows the code to give the other player.",
            two.port.trim()
        ),
        Err(e) => format!("Could not start the host: {e}"),
    }
}

pub(super) fn join_from_window(two: &TwoMachines) -> String {
    let args = match join_args(two) {
        Ok(a) => a,
        Err(e) => return e,
    };
    let os: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    match start_again(&os) {
        Ok(()) => format!("Joining {} in a window of its own.", two.address.trim()),
        Err(e) => format!("Could not start joining: {e}"),
    }
}

/// Writes the first turn file of a game by e-mail of this scenario.
pub(super) fn post_from_window(source: &GameSource, two: &TwoMachines) -> String {
    match scenario_file(source) {
        Ok(scenario) => first_turn_file(&scenario, two.side, &source.save_path("turn")),
        Err(e) => e,
    }
}

/// Starts a game by e-mail of `scenario` (a file or a short name), this player on
/// `side`: writes its first turn file to `to` (the seat in the saves folder) and says
/// what to do with it, or why it could not.
pub fn first_turn_file(scenario: &std::path::Path, side: u8, to: &std::path::Path) -> String {
    let seats = drumfire_net::post::seat_dir();
    let written = drumfire_net::post::start(scenario, side, &seats, None)
        .and_then(|file| drumfire_net::post::write(to, &file));
    match written {
        Ok(()) => format!(
            "Wrote {}: send it to the other player, who opens it with Open a file… (or `drumfire post open`).",
            to.display()
        ),
        Err(e) => e,
    }
}

/// Opens the scenario in `drumfire edit` ([`scenario_to_edit`]).
pub(super) fn open_editor(source: &GameSource) -> String {
    let path = match scenario_to_edit(source) {
        Ok(p) => p,
        Err(e) => return e,
    };
    match own_window("edit", &path) {
        Ok(()) => format!(
            "The editor opens {} in a window of its own.",
            path.display()
        ),
        Err(e) => format!("Could not start the editor: {e}"),
    }
}

pub(super) fn export_log(world: &mut World, path: &std::path::Path) -> std::io::Result<usize> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let names = drumfire_core::journal::piece_names(world);
    let sides = world.resource::<drumfire_core::scenario::SideList>();
    let lines: Vec<String> = world
        .resource::<drumfire_core::journal::Journal>()
        .entries()
        .iter()
        .map(|e| format!("T{} · {}", e.turn, e.event.describe(sides, &names)))
        .collect();
    let tmp = path.with_extension("txt.tmp");
    std::fs::write(&tmp, lines.join("\n") + "\n")?;
    std::fs::rename(&tmp, path)?;
    Ok(lines.len())
}
