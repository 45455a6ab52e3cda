"""Python's one writer, count(checkpoint=PATH), against the special files, by the policy the
programs follow (tool/output.h, tests/cli/writers.sh): a journal is a regular file, so a FIFO,
a character device (private copies made with mknod, as root), a directory and a link to nothing
are refused with an exception and left as they were; a link to a file is written through, the
link kept; another count's journal is refused untouched."""
import os
import stat

import pytest

import nqueens


def kind(path):
    return stat.S_IFMT(os.lstat(path).st_mode)


def specials(tmp_path):
    made = {"fifo": tmp_path / "fifo", "dir": tmp_path / "dir", "dangling": tmp_path / "dangling"}
    os.mkfifo(made["fifo"])
    made["dir"].mkdir()
    os.symlink("nowhere", made["dangling"])
    for name, minor in (("null", 3), ("full", 7)):
        try:
            os.mknod(tmp_path / name, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
            made[name] = tmp_path / name
        except PermissionError:
            pass  # not root: no devices
    return made


def test_refused_special_files(tmp_path):
    for name, path in specials(tmp_path).items():
        before = kind(path)
        with pytest.raises((OSError, nqueens.JournalError)):
            nqueens.count(8, checkpoint=path)
        assert kind(path) == before, name
        if name == "dangling":
            assert not (tmp_path / "nowhere").exists()


def test_link_written_through(tmp_path):
    (tmp_path / "target").write_bytes(b"")
    os.symlink("target", tmp_path / "link")
    assert nqueens.count(8, checkpoint=tmp_path / "link").total == 92
    assert os.path.islink(tmp_path / "link")
    assert (tmp_path / "target").read_bytes().startswith(b"nqueens-journal")


def test_another_counts_journal_untouched(tmp_path):
    j = tmp_path / "j9"
    assert nqueens.count(9, checkpoint=j).total == 352
    before = j.read_bytes()
    with pytest.raises(nqueens.JournalError):
        nqueens.count(10, checkpoint=j)
    assert j.read_bytes() == before


def test_refusal_names_a_long_path_whole(tmp_path):
    """The message of a refused journal holds its whole path, however long (it was cut at 1023
    bytes)."""
    deep = tmp_path
    for i in range(12):
        deep = deep / (f"{i:02d}" + "d" * 200)
    deep.mkdir(parents=True)
    j = deep / "j9"
    assert nqueens.count(9, checkpoint=j).total == 352
    with pytest.raises(nqueens.JournalError) as e:
        nqueens.count(10, checkpoint=j)
    assert str(j) in str(e.value)
    assert str(e.value).endswith("give another file")
