"""Files we read that are not what they claim: pipes, devices, huge files, JSON nested too
deeply, bot options a save should not carry.  Each is refused with a message, never read
forever, never a traceback (safefile, persistence, replay, tutorial, the CLI)."""

from __future__ import annotations

import json
import os
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from keythedral import cli, lang, safefile, tutorial
from keythedral.bots import BotSpecError, check_spec
from keythedral.records import persistence, replay
from keythedral.tui import keymap
from tests.support.bindings import binding_rows
from tests.support.records import played

DEEP = "[" * 100_000 + "]" * 100_000  # json.loads: RecursionError
fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@pytest.fixture(autouse=True)
def watchdog() -> Iterator[None]:
    """A pipe read by mistake blocks for ever: SIGALRM turns that into a failing test instead of
    a suite that never ends (it is a guard against hanging, not a measure of speed)."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def hung(signum: int, frame: object) -> None:
        raise TimeoutError("the test hung: a file was read that never ends")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def writes(text: Callable[[], str]) -> Callable[[Path], Path]:
    """A maker of a file holding ``text()`` (made when the test runs)."""

    def make(path: Path) -> Path:
        path.write_text(text())
        return path

    return make


def huge(path: Path) -> Path:
    """A sparse file one byte over the limit (no disk used, nothing written)."""
    with path.open("wb") as f:
        f.truncate(safefile.GAME_FILE_LIMIT + 1)
    return path


# --- reading: only regular files, never more than the limit ---------------------------------
@fifo_only
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    with pytest.raises(safefile.Refused, match=r"named pipe \(FIFO\), not a regular file"):
        safefile.read_limited(fifo(tmp_path / "pipe.json"))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_endless_device_is_refused_before_reading() -> None:
    with pytest.raises(safefile.Refused, match="a device, not a regular file"):
        safefile.read_limited(Path("/dev/zero"))


def test_a_folder_and_a_file_over_the_limit_are_refused(tmp_path: Path) -> None:
    with pytest.raises(safefile.Refused, match="a folder"):
        safefile.read_limited(tmp_path)
    with pytest.raises(safefile.Refused, match=r"16\.0 MB, more than the 16\.0 MB allowed"):
        safefile.read_limited(huge(tmp_path / "big.json"))
    small = tmp_path / "small.json"
    small.write_bytes(b"x" * 100)
    assert safefile.read_limited(small, limit=100) == b"x" * 100
    with pytest.raises(safefile.Refused, match="100 bytes, more than the 99 bytes allowed"):
        safefile.read_limited(small, limit=99)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="no /proc here")
def test_a_file_that_says_it_is_empty_is_read_no_further_than_the_limit() -> None:
    """/proc files are regular but report a size of 0: the read itself stops at the limit."""
    path = Path("/proc/self/status")
    assert os.stat(path).st_size == 0
    with pytest.raises(safefile.Refused, match="holds more than the 10 bytes allowed"):
        safefile.read_limited(path, limit=10)


def test_json_nested_too_deeply_is_a_refusal_not_a_recursion_error() -> None:
    with pytest.raises(safefile.Refused, match="nested too deeply"):
        safefile.parse_json(DEEP)
    assert safefile.brief("x" * 500).endswith("...") and len(safefile.brief("x" * 500)) == 60


# --- saves -----------------------------------------------------------------------------------
def save_text(**changes: object) -> str:
    cfg, actions, state = played()
    data = json.loads(persistence.dumps(cfg, actions, state, ("human", "greedy", "human")))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (writes(lambda: DEEP), "cannot be loaded: its lists or objects are nested too deeply"),
        (writes(lambda: save_text(state="X").replace('"X"', DEEP)), "nested too deeply"),
        (huge, "cannot be loaded: it is 16.0 MB, more than the 16.0 MB allowed"),
        pytest.param(fifo, "named pipe", marks=fifo_only),
    ],
    ids=["deep", "deep-inside", "huge", "fifo"],
)
def test_a_damaged_save_file_is_refused_with_a_message(data_dir: Path, make, words: str) -> None:
    path = make(data_dir / "autosave.json")
    with pytest.raises(persistence.SaveError, match=words) as err:
        persistence.load(path)
    assert str(err.value).startswith("The file autosave.json")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_save_that_is_a_device_is_refused(data_dir: Path) -> None:
    link = data_dir / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(persistence.SaveError, match=r"zero\.json cannot be loaded: it is a device"):
        persistence.load(link)


@pytest.mark.parametrize(
    ("seat", "words"),
    [
        ("ismcts:bogus=1", "it has no option bogus: its options are iterations, time"),
        ("ismcts:time=100000", "positive time per move, of at most 60 seconds"),
        ("ismcts:time=nan", "time must be a number"),
        ("ismcts:iterations=1000000000", "at most 20000"),
        ("ismcts:width=2.5", "width must be a whole number"),
        ("greedy:depth=3", "bad options for greedy"),
        ("ismcts:" + "c=1:" * 100, "at most 200 letters"),
    ],
)
def test_a_save_whose_bot_could_not_play_is_refused(data_dir: Path, seat: str, words: str) -> None:
    """The seats of a save are checked as --bots is: a bot option it does not take, or a
    search of 27 hours a move, is a refusal when the file is loaded, not a game that stops."""
    path = data_dir / "bots.json"
    data = json.loads(save_text())
    data["seats"][1] = seat
    path.write_text(json.dumps(data))
    with pytest.raises(persistence.SaveError, match="names a computer player") as err:
        persistence.load(path, check_seat=check_spec)
    assert words in str(err.value)
    with pytest.raises(BotSpecError):  # the same check as the command line's
        check_spec(seat)


def test_a_bot_that_can_play_still_loads(data_dir: Path) -> None:
    path = data_dir / "bots.json"
    data = json.loads(save_text())
    data["seats"] = ["human", "ismcts:time=0.5:c=0.3", "ismcts:iterations=20000"]
    path.write_text(json.dumps(data))
    assert persistence.load(path, check_seat=check_spec).seats == tuple(data["seats"])


def test_what_a_save_says_is_quoted_short(data_dir: Path) -> None:
    """A foreign value (a version, a release name) megabytes long is not copied whole into
    the message on screen."""
    path = data_dir / "long.json"
    path.write_text(json.dumps({"format": "keythedral-save", "version": "9" * 100_000}))
    with pytest.raises(persistence.SaveError) as err:
        persistence.load(path)
    assert "no save format version" in str(err.value) and len(str(err.value)) < 200


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_dangling_link_among_the_saves_is_listed_not_fatal(data_dir: Path) -> None:
    folder = persistence.saves_dir()
    folder.mkdir()
    (folder / "gone.json").symlink_to(data_dir / "nowhere.json")
    assert persistence.list_saves() == [folder / "gone.json"]
    with pytest.raises(persistence.SaveError, match="There is no save at"):
        persistence.load(folder / "gone.json")


# --- replays ---------------------------------------------------------------------------------
def replay_text() -> str:
    cfg, actions, state = played()
    return replay.record(cfg, actions, final=state).to_json()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (writes(lambda: DEEP), "nested too deeply"),
        (writes(lambda: replay_text().replace('"seats": []', f'"seats": {DEEP}')), "too deeply"),
        (writes(lambda: '{"seed": ' + "9" * 5000 + "}"), "the file is not JSON"),
        (writes(lambda: json.dumps({"format": "x" * 100_000})), "the format is 'xxx"),
        (huge, "it is 16.0 MB, more than the 16.0 MB allowed"),
        pytest.param(fifo, "named pipe", marks=fifo_only),
    ],
    ids=["deep", "deep-inside", "long-number", "long-format", "huge", "fifo"],
)
def test_a_damaged_replay_file_is_refused_with_a_message(tmp_path: Path, make, words: str) -> None:
    path = make(tmp_path / "game.json")
    with pytest.raises(replay.ReplayError, match=words) as err:
        replay.load(path)
    assert len(str(err.value)) < 400


@fifo_only
@pytest.mark.parametrize("command", ["replay", "log"])
def test_the_replay_and_log_commands_refuse_a_pipe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert cli.main([command, str(fifo(tmp_path / "game.json"))]) == 2
    err = capsys.readouterr().err
    assert f"keythedral {command}:" in err and "named pipe" in err and "Traceback" not in err


# --- the tutorial's progress -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "words"),
    [
        (DEEP, "cannot be read: its lists or objects are nested too deeply"),
        ('{"format": "keythedral-tutorial", "version": "' + "9" * 10_000 + '"}', "version '999"),
    ],
)
def test_damaged_tutorial_progress_is_refused(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "tutorial.json"
    path.write_text(text)
    with pytest.raises(tutorial.TutorialError, match=words) as err:
        tutorial.Tutorial.load(path)
    assert len(str(err.value)) < 200


@pytest.mark.parametrize("taught", [5, [[1]], [{"a": 1}]])
def test_a_damaged_list_of_lessons_taught_is_left_out(taught: object) -> None:
    data = json.loads(tutorial.Tutorial().to_json())
    data["taught"] = taught
    assert tutorial.Tutorial.from_json(json.dumps(data)).taught == []


@fifo_only
def test_tutorial_progress_in_a_pipe_starts_a_new_tutorial(tmp_path: Path) -> None:
    path = fifo(tmp_path / "tutorial.json")
    with pytest.raises(tutorial.TutorialError, match="named pipe"):
        tutorial.Tutorial.load(path)
    assert tutorial.Tutorial.resume_or_start(path=path).actions == []


# --- keys.toml ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def rows() -> list[keymap.BindingRow]:
    from keythedral.tui.app import binding_owners

    return binding_rows(binding_owners())


def test_a_keys_file_nested_too_deeply_is_reported(tmp_path: Path) -> None:
    assert keymap.parse_keymap("[keys]\nundo = " + DEEP) == (
        {},
        ["its arrays or tables are nested too deeply to read"],
    )
    path = tmp_path / "keys.toml"
    path.write_text("[keys]\nundo = [" + "{a = [" * 3000 + "]}" * 3000 + "]")
    result = keymap.load_keymap(path=path)
    assert result.keymap == {} and "nested too deeply" in result.problems[0]


@fifo_only
def test_a_keys_file_that_is_a_pipe_is_reported_not_waited_on(tmp_path: Path) -> None:
    result = keymap.load_keymap(path=fifo(tmp_path / "keys.toml"))
    assert result.keymap == {}
    assert result.problems == ("it cannot be read (it is a named pipe (FIFO), not a regular file)",)


def test_keys_the_app_keeps_are_left_out(rows: list[keymap.BindingRow]) -> None:
    text = '[keys]\nsave = "ctrl+q,f5"\nundo = "ctrl+c"\nhint = "ctrl+p"\n'
    found, problems = keymap.parse_keymap(text, [r.id for r in rows])
    assert found == {"save": "f5"}  # the other keys of a binding stay
    assert problems == [
        "save: ctrl+q is kept by the app (quit); left out",
        "undo: ctrl+c is kept by the app (copy and quit); left out",
        "hint: ctrl+p is kept by the app (the command palette); left out",
    ]


@pytest.mark.parametrize(
    ("text", "kept", "problems"),
    [
        # one key for two actions on the game screen: the rebinding is left out
        ('undo = "m"', {}, ["undo: m is already the key of show-map (game), so undo keeps u"]),
        # the map's keys work on the game screen too
        ('undo = "enter"', {}, ["undo: enter is already the key of pick (map), so undo keeps u"]),
        # a key of the app's own is shadowed by a screen's
        ('help = "q"', {}, ["help: q is already the key of quit (scores), so help keeps "
                            "question_mark"]),
        # both rebound to one key: the later one in the file is left out
        ('undo = "x"\nhint = "x"', {"undo": "x"},
         ["hint: x is already the key of undo (game), so hint keeps i"]),
        # a key a binding has by default is no clash of the file's making
        ('help = "question_mark,f1"', {"help": "question_mark,f1"}, []),
        # a swap is no clash
        ('undo = "n"\nnext-target = "u"', {"undo": "n", "next-target": "u"}, []),
        # one key on two screens that are never up together is no clash
        ('quit = "x"\n"replay.quit" = "x"', {"quit": "x", "replay.quit": "x"}, []),
        # two bindings doing the same thing may share a key
        ('"tutorial.go-on" = "x"\n"lesson.go-on" = "x"',
         {"tutorial.go-on": "x", "lesson.go-on": "x"}, []),
        # ...but a key the focused map takes in the tutorial does clash
        ('"tutorial.go-on" = "enter"', {},
         ["tutorial.go-on: enter is already the key of pick (map), so tutorial.go-on keeps space"]),
    ],
)  # fmt: skip
def test_one_key_for_two_bindings_is_reported_and_left_out(
    tmp_path: Path,
    rows: list[keymap.BindingRow],
    text: str,
    kept: dict[str, str],
    problems: list[str],
) -> None:
    path = tmp_path / "keys.toml"
    path.write_text("[keys]\n" + text + "\n")
    result = keymap.load_keymap(path=path, rows=rows)
    assert (result.keymap, list(result.problems)) == (kept, problems)


def test_the_notice_of_many_problems_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "keys.toml"
    path.write_text("[keys]\n" + "".join(f'"{"b" * 5000}{i}" = "x"\n' for i in range(25)))
    result = keymap.load_keymap(path=path, known=["undo"])
    assert len(result.problems) == 25
    notice = result.notice()
    lines = notice.splitlines()
    assert len(lines) == 11 and lines[-1] == "... and 15 more (keythedral keys lists them all)"
    assert len(notice) < 1500  # the ids of 5,000 letters are cut short


def test_a_refused_file_is_said_in_the_readers_language(tmp_path: Path) -> None:
    """Why a file is not read is a message like any other: a folder handed over as a save is
    refused in French to a French reader (and in English to everyone else)."""
    folder = tmp_path / "save.json"
    folder.mkdir()
    with pytest.raises(safefile.Refused) as refused:
        safefile.read_limited(folder)
    assert str(refused.value) == "it is a folder, not a regular file"
    lang.use("fr")
    assert refused.value.say(lang._) == "c'est un dossier, pas un fichier ordinaire"
    with pytest.raises(persistence.SaveError, match="c'est un dossier, pas un fichier"):
        persistence.load(folder)
