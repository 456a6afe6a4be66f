"""fwlab.calc"""
