"""The lookup page, the command line, house rules and imported lists, through the app."""

import gzip
import io
import json
import re

from tests.helpers import errors, text


def verdict_texts(html: str) -> list[str]:
    return [text(h) for h in re.findall(r'<p class="headline">(.*?)</p>', html, re.S)]


def test_the_lookup_page_judges_several_words_for_the_chosen_game(client):
    page = client.get("/words?game=foot&q=xylem+sarah,+QUOTAS").text
    assert verdict_texts(page) == ["✓ XYLEM is allowed", "✗ SARAH is not allowed",
                                   "✗ QUOTAS is not allowed"]
    assert "Proper noun: not allowed." in text(page)
    assert "6 letters: words have exactly 5 in FOOT!." in text(page)
    assert "the woody part of plants" in page and "worth 27" in text(page)


def test_a_verdict_says_what_decided_in_a_players_words(client):
    page = text(client.get("/words?game=family&q=quota+xylem+sarah+nasa+blorf+cats").text)
    for said in ("the common English word list", "the larger English word list", "the list of names",
                 "the list of abbreviations", "the English word list, common to rare words",
                 "the dictionary’s plurals"):
        assert f"Decided by {said}" in page, said
    assert not re.search(r"SCOWL|english-|WordNet|sizes up to", page)


def test_the_verdict_is_an_htmx_partial_as_you_type(client):
    response = client.get("/words?game=zoot&q=jazzier",
                          headers={"HX-Request": "true", "HX-Target": "verdicts"})
    assert "<html" not in response.text and response.text.lstrip().startswith('<section id="verdicts"')
    assert verdict_texts(response.text) == ["✓ JAZZIER is allowed"]
    assert "HX-Request" in response.headers["Vary"]


def test_what_could_i_have_made(client):
    response = client.get("/words?game=zoot&hand=quizes%3F",
                          headers={"HX-Request": "true", "HX-Target": "best-words"})
    assert response.text.lstrip().startswith('<section id="best-words"')
    first = text(re.search(r"<li>(.*?)</li>", response.text, re.S).group(1))
    assert first == "QUIZZES 46 ? = Z"
    assert "No allowed word can be made" in client.get("/words?game=foot&hand=xqz").text


def test_bad_lookups_get_a_clear_answer_never_a_500(client):
    for q, reason in [("a" * 10_000, "Too long to be a word."), ("жук", "Letters A–Z only"),
                      ("ja%07zy", "Letters A–Z only."), ("r2d2", "Words have no digits.")]:
        response = client.get(f"/words?game=fez&q={q}")
        assert response.status_code == 200 and reason in text(response.text)
    many = client.get("/words?q=" + "+".join(["jazzy"] * 30)).text
    assert len(verdict_texts(many)) == 12 and "Only the first 12 words are judged." in many
    assert client.get("/words?game=nonsense&q=jazzy").status_code == 200  # falls back to FOOT!


def test_a_games_lookup_uses_its_rules_and_house_rules(client, game):
    client.post(f"{game}/house/words", data={"word": "QWERT", "action": "add"})
    client.post(f"{game}/house/words", data={"word": "QUOTA", "action": "remove"})
    page = client.get(f"{game}/words?q=qwert+quota+jazzier").text
    assert verdict_texts(page) == ["✓ QWERT is allowed", "✗ QUOTA is not allowed",
                                   "✗ JAZZIER is not allowed"]
    assert "with this table’s house rules" in page


def test_house_rules_are_plays_shown_in_history_and_undoable(client, game):
    client.post(f"{game}/house/words", data={"word": "qwert", "action": "add",
                                             "definition": "our word"})
    page = client.get(f"{game}/house").text
    assert "QWERT allowed: our word" in text(page)
    undo = re.search(r'name="play" value="(\d+)"', client.get(game).text).group(1)
    client.post(f"{game}/undo", data={"play": undo})
    assert "None yet." in client.get(f"{game}/house").text


def test_house_rule_forms_refuse_bad_input_and_strangers(app, client, game):
    response = client.post(f"{game}/house/words", data={"word": "x-ray", "action": "add"})
    assert response.status_code == 422
    assert "Type one word of letters A–Z (at most 30)." in errors(response.text)
    stranger = app.test_client()
    assert stranger.post(f"{game}/house/words",
                         data={"word": "QWERT", "action": "add"}).status_code == 403
    assert 'action="/games/1/house/words"' not in stranger.get(f"{game}/house").text


def import_list(client, game, name, data: bytes, filename="list.txt"):
    return client.post(f"{game}/lists", data={"name": name, "file": (io.BytesIO(data), filename)},
                       content_type="multipart/form-data", follow_redirects=True)


def test_an_imported_list_judges_a_game_by_itself(client, game):
    response = import_list(client, game, "Our list", gzip.compress(
        b"QWERT a word we made up\nJAZZY\nZESTY\n"), "ours.txt.gz")
    assert "Imported 3 words into “Our list”" in text(response.text)
    client.post(f"{game}/house/list", data={"list": "1", "mode": "only"})
    page = client.get(f"{game}/words?q=qwert+quota").text
    assert verdict_texts(page) == ["✓ QWERT is allowed", "✗ QUOTA is not allowed"]
    assert "Not in Our list (house list)." in text(page) and "a word we made up" in page
    client.post(f"{game}/house/list", data={"list": "1", "mode": "also"})
    assert verdict_texts(client.get(f"{game}/words?q=qwert+quota").text) == [
        "✓ QWERT is allowed", "✓ QUOTA is allowed"]
    best = client.get(f"{game}/words?hand=QWERTY").text
    assert "QWERT" in best


def test_a_malformed_list_imports_nothing(client, game):
    response = import_list(client, game, "Broken", b"XYLEM\nX-RAY\n")
    assert response.status_code == 422
    assert errors(response.text) == [
        "1 line do not start with a word of letters A–Z (line 2: 'X-RAY'). Nothing was imported."]
    response = import_list(client, game, "Binary", bytes(range(256)) * 10, "list.txt")
    assert "This is not a text file (it holds binary data)." in errors(response.text)
    assert "No list imported yet." in client.get(f"{game}/lists").text


def test_a_list_name_is_required_and_unique(client, game):
    import_list(client, game, "Ours", b"QWERT\n")
    assert "A list with this name already exists." in errors(
        import_list(client, game, "Ours", b"ZESTY\n").text)
    assert "Name the list in 1 to 40 characters." in errors(
        import_list(client, game, "", b"ZESTY\n").text)


def test_the_command_line_judges_words_as_json(app):
    result = app.test_cli_runner().invoke(args=["words", "check", "--game", "foot", "--json",
                                                "jazzy", "ja?zy", "sarah", "x-ray"])
    verdicts = json.loads(result.output)
    assert [(v["word"], v["valid"], v["points"]) for v in verdicts] == [
        ("JAZZY", True, 71), ("JA?ZY", True, 51), ("SARAH", False, 11), ("X-RAY", False, None)]
    assert verdicts[2]["reason"] == "proper noun: not allowed"
    assert verdicts[0]["definition"].startswith("resembling jazz")
    assert result.exit_code == 1  # not every word was allowed


def test_the_command_line_speaks_plainly(app):
    result = app.test_cli_runner().invoke(args=["words", "check", "--game", "family", "cat", "cats"])
    assert result.output.splitlines()[0] == (
        "CAT\tallowed\tin the word list (a common word) · the common English word list "
        "(SCOWL english-words.10)")
    assert "CATS\tNOT allowed\tplural of CAT: no plurals in the family game" in result.output
