"""The app's pages, in menu order: (file relative to app.py, title, icon, one-line description)."""

from __future__ import annotations

from typing import NamedTuple


class PageInfo(NamedTuple):
    path: str
    title: str
    icon: str
    about: str


PAGES: tuple[PageInfo, ...] = (
    PageInfo("fwlab/ui/pages/home.py", "Home", ":material/home:", "What the store holds."),
    PageInfo("fwlab/ui/pages/catalog.py", "Card catalog", ":material/style:",
             "Search and filter the cards of every game, with their details."),
    PageInfo("fwlab/ui/pages/deck_builder.py", "Deck builder", ":material/construction:",
             "Build a deck with live validation, curve, gems and draw odds; save and download it."),
    PageInfo("fwlab/ui/pages/calculators.py", "Calculators", ":material/calculate:",
             "To-hit chart, combat planner, Free Realms battle odds, Eredan damage, Conquest fields."),
    PageInfo("fwlab/ui/pages/simulator.py", "Matchup simulator", ":material/swords:",
             "Play two decks (or one against the starter gauntlet) many times with bots."),
    PageInfo("fwlab/ui/pages/viewer.py", "Game viewer", ":material/play_circle:",
             "Step through one game action by action: the board as card faces, hands, dice, scores, why not."),
    PageInfo("fwlab/ui/pages/elo.py", "Elo history", ":material/trending_up:",
             "Rating lines and leaderboards: the game's Elo rule and the comparison systems."),
    PageInfo("fwlab/ui/pages/balance.py", "Balance report", ":material/balance:",
             "Card win rates with intervals, play rates, matchups and first-player advantage."),
    PageInfo("fwlab/ui/pages/health.py", "Game health", ":material/monitor_heart:",
             "How games end and last, seat and turn-order edges, each figure against its band."),
    PageInfo("fwlab/ui/pages/balance_lab.py", "Balance lab", ":material/science:",
             "What if a card changed? Re-play the meta before and after, sweep a stat, compare runs."),
    PageInfo("fwlab/ui/pages/match_logs.py", "Match logs", ":material/receipt_long:",
             "Import match logs, browse recent matches, run a simulated league."),
)
