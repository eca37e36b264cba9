"""Log export to the Riichi ecosystem's formats (issue 13): tenhou.net/6 JSON (``tenhou6``) and
the mjai JSON event stream (``mjai``); ``common`` loads and checks our logs. Riichi presets only;
no Django here (DESIGN §2)."""
