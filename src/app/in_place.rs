//! What the window opens in place of what it shows, from the command line the start
//! screen, the game menu or the editor asked for.

use super::*;

/// Carries out what the start screen or the game menu asked this frame: back to the
/// start screen, or the command line of a choice ([`crate::screen::Launch`]) opened in
/// this window where it can be, else the program started again on it.
pub(super) fn launch(world: &mut World) {
    if let Some(crate::screen::ToStart(message)) = world.remove_resource() {
        crate::opening::to_start(world, message);
    }
    let Some(crate::screen::Launch(args)) = world.remove_resource() else {
        return;
    };
    match opening_of_args(&args) {
        Some(Ok(InPlace::Game(opening))) => crate::opening::open(world, *opening),
        Some(Ok(InPlace::Editor(doc))) => crate::opening::edit(world, *doc),
        Some(Err(why)) => crate::opening::to_start(world, why),
        None => {
            // Its own process: the window closes and the program starts again on it.
            if let Some(relaunch) = world.get_resource::<crate::play::menu::Relaunch>()
                && let Ok(mut next) = relaunch.0.lock()
            {
                *next = Some(args);
            }
            world.write_message(AppExit::Success);
        }
    }
}

/// The words of `drumfire play FILE`, after `play`.
#[derive(clap::Parser)]
#[command(name = "play")]
struct PlayWords {
    file: PathBuf,
    #[command(flatten)]
    window: WindowOptions,
}

/// The words of `drumfire view SAVE`, after `view`.
#[derive(clap::Parser)]
#[command(name = "view")]
struct ViewWords {
    save: PathBuf,
    #[arg(long)]
    at: Option<usize>,
    #[command(flatten)]
    window: WindowOptions,
}

/// The words of `drumfire edit [FILE] [--rules ID]`, after `edit`.
#[derive(clap::Parser)]
#[command(name = "edit")]
struct EditWords {
    file: Option<PathBuf>,
    #[arg(long)]
    rules: Option<String>,
}

/// What the window opens in place of what it shows.
enum InPlace {
    /// A game, played or watched.
    Game(Box<crate::opening::Opening>),
    /// The scenario editor.
    Editor(Box<crate::editor::Doc>),
}

/// What the start screen, the game menu or the editor asks to open, if the window
/// opens it in place: a scenario or a save played (`play FILE`), a save watched
/// (`view SAVE`), the editor (`edit [FILE]`). `None` for what starts the program again
/// (two machines, e-mail).
fn opening_of_args(args: &[OsString]) -> Option<Result<InPlace, String>> {
    use clap::Parser;
    let (source, replay, options, viewer) = match args.first()?.to_str()? {
        "edit" => {
            let words = EditWords::try_parse_from(args).ok()?;
            let doc = crate::editor::doc_of(
                words.file,
                words.rules.as_deref(),
                crate::rules::editor_parts,
            );
            return Some(doc.map(|d| InPlace::Editor(Box::new(d))));
        }
        "play" => {
            let words = PlayWords::try_parse_from(args).ok()?;
            match game_of_file(&words.file, &words.window) {
                Ok((source, replay, options)) => (source, replay, options, None),
                Err(errors) => return Some(Err(errors.join("\n"))),
            }
        }
        "view" => {
            let words = ViewWords::try_parse_from(args).ok()?;
            match watched(&words.save, words.at, &words.window) {
                Ok((source, viewer, options)) => (source, Vec::new(), options, Some(viewer)),
                Err(e) => return Some(Err(e)),
            }
        }
        _ => return None,
    };
    let sides = source.scenario.file.sides.len();
    let Some(computer) = computer_sides(&options, sides) else {
        return Some(Err(format!("--players: one word per side ({sides} sides)")));
    };
    Some(Ok(InPlace::Game(Box::new(crate::opening::Opening {
        source,
        replay,
        computer,
        viewer,
    }))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use drumfire_core::save::Seat;

    /// The sides the computer plays when the window opens `args`.
    fn computer_of(args: &[&std::ffi::OsStr]) -> crate::play::computer::Computer {
        let args: Vec<OsString> = args.iter().map(|a| a.to_os_string()).collect();
        match opening_of_args(&args) {
            Some(Ok(InPlace::Game(opening))) => opening.computer,
            Some(Err(e)) => panic!("{e}"),
            _ => panic!("no game opened"),
        }
    }

    /// Continue (or any save played again) keeps who played each side, as the save
    /// says; the command line's --players still decides when it is given.
    #[test]
    fn a_save_played_again_keeps_who_plays_each_side_unless_the_command_line_says() {
        let dir = std::env::temp_dir().join(format!("drumfire-seats-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("seats.save.ron");
        let scenario = drumfire_core::testing::tutorial();
        let mut game = drumfire_core::testing::tutorial_game(4);
        let mut file = drumfire_core::save::save_of(&mut game, &scenario, 4);
        file.players = vec![Seat::Person, Seat::HardComputer];
        drumfire_core::save::write(&path, &file).unwrap();
        let play = std::ffi::OsStr::new("play");
        let kept = computer_of(&[play, path.as_os_str()]);
        assert_eq!(
            (kept.sides, kept.hard),
            (vec![false, true], vec![false, true])
        );
        let said = computer_of(&[
            play,
            path.as_os_str(),
            "--players".as_ref(),
            "ai,human".as_ref(),
        ]);
        assert_eq!(
            (said.sides, said.hard),
            (vec![true, false], vec![false, false])
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
