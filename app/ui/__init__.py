"""Flet screens (one component per screen) and the small components they share."""
