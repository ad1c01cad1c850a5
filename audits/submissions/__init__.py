"""Submission services: storing, chunking, validating and finishing a hand log."""
