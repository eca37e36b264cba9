"""Ratings per preset family and the leaderboard (P-RATE, P-LB). Empty until ranked play lands."""
