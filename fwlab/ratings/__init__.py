"""fwlab.ratings"""
