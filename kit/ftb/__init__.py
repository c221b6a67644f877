"""FTB Quests."""
