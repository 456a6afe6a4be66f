"""fwlab.reports"""
