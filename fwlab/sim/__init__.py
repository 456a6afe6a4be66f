"""fwlab.sim"""
