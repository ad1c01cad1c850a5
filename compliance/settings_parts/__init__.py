"""The settings of :mod:`compliance.settings` by concern, each module read from the
environment when it is imported: how the environment is read (:mod:`.environment`), what
no environment changes (:mod:`.fixed`), who may come in and how often (:mod:`.guards`), what
a body, an upload and a submission may cost (:mod:`.limits`), the signing keys
(:mod:`.signing`), the workers (:mod:`.workers`) and live rounds (:mod:`.live`).
:mod:`compliance.settings` names each setting it takes from them."""
