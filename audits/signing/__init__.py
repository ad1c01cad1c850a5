"""Signing audit reports as PDF certification signatures, and verifying them.

Pure Python on pyHanko and cryptography, no Django: ``identity`` loads the signing key and
trust roots, ``dev_identity`` makes a development CA and signer, ``sign`` embeds the JSON
twin and certifies the PDF, ``verify`` says what a PDF's signature proves.
"""
