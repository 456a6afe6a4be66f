"""fwlab.bots"""
