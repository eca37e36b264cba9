"""Precomputed suit distance vectors (generated; do not edit).

Written by ``python -m rules_engine._suit_tables --write-data``; see
``_suit_tables``. ``IDS`` is base64 of zlib-compressed bytes: for each suit
of ``suit_keys(MAX_TILES)`` in order, its index into ``VECTORS``.
"""
MAX_TILES = 8
COUNT = 22330
VECTORS = (
    (0, 3, 6, 9, 12, 2, 5, 8, 11, 14),
    (0, 2, 5, 8, 11, 1, 4, 7, 10, 13),
    (0, 1, 4, 7, 10, 0, 3, 6, 9, 12),
    (0, 0, 3, 6, 9, 0, 2, 5, 8, 11),
    (0, 0, 2, 5, 8, 0, 2, 4, 7, 10),
    (0, 1, 4, 7, 10, 1, 3, 6, 9, 12),
    (0, 1, 3, 6, 9, 0, 2, 5, 8, 11),
    (0, 0, 2, 5, 8, 0, 1, 4, 7, 10),
    (0, 0, 1, 4, 7, 0, 1, 3, 6, 9),
    (0, 1, 2, 5, 8, 0, 1, 4, 7, 10),
    (0, 0, 1, 4, 7, 0, 0, 3, 6, 9),
    (0, 0, 1, 3, 6, 0, 0, 2, 5, 8),
    (0, 0, 0, 3, 6, 0, 0, 2, 5, 8),
    (0, 0, 0, 2, 5, 0, 0, 1, 4, 7),
    (0, 0, 0, 1, 4, 0, 0, 1, 3, 6),
    (0, 0, 3, 6, 9, 1, 2, 5, 8, 11),
    (0, 0, 0, 1, 4, 0, 0, 0, 3, 6),
    (0, 0, 0, 3, 6, 0, 1, 2, 5, 8),
    (0, 0, 0, 2, 4, 0, 0, 0, 3, 6),
    (0, 2, 4, 7, 10, 1, 3, 6, 9, 12),
    (0, 0, 2, 4, 7, 0, 1, 3, 6, 9),
    (0, 1, 3, 6, 9, 1, 2, 5, 8, 11),
    (0, 0, 1, 3, 6, 0, 1, 2, 5, 8),
    (0, 1, 2, 5, 8, 0, 2, 4, 7, 10),
    (0, 1, 2, 4, 7, 0, 1, 3, 6, 9),
    (0, 0, 1, 2, 5, 0, 0, 2, 4, 7),
    (0, 0, 0, 2, 4, 0, 0, 1, 3, 6),
    (0, 0, 1, 2, 5, 0, 0, 1, 4, 7),
    (0, 0, 2, 5, 8, 1, 1, 4, 7, 10),
    (0, 1, 2, 3, 6, 0, 1, 2, 5, 8),
    (0, 0, 1, 2, 4, 0, 0, 1, 3, 6),
    (0, 0, 0, 2, 5, 0, 0, 2, 4, 7),
    (0, 0, 0, 2, 4, 0, 0, 2, 4, 6),
    (0, 1, 3, 5, 8, 0, 2, 4, 7, 10),
    (0, 0, 1, 3, 5, 0, 0, 2, 4, 7),
    (0, 0, 0, 2, 5, 0, 1, 1, 4, 7),
    (0, 0, 1, 3, 6, 0, 1, 3, 5, 8),
    (0, 1, 2, 5, 8, 1, 2, 4, 7, 10),
    (0, 0, 1, 2, 5, 0, 1, 2, 4, 7),
    (0, 0, 1, 4, 7, 1, 1, 3, 6, 9),
    (0, 1, 2, 3, 6, 0, 1, 3, 5, 8),
    (0, 1, 2, 3, 5, 0, 1, 2, 4, 7),
    (0, 1, 2, 3, 4, 0, 1, 2, 3, 6),
    (0, 0, 0, 1, 4, 0, 1, 1, 3, 6),
    (0, 0, 0, 3, 6, 1, 1, 2, 5, 8),
    (0, 1, 2, 4, 6, 0, 1, 3, 5, 8),
    (0, 2, 4, 6, 9, 1, 3, 5, 8, 11),
    (0, 0, 2, 4, 6, 0, 1, 3, 5, 8),
    (0, 1, 3, 5, 8, 1, 2, 4, 7, 10),
    (0, 0, 1, 3, 5, 0, 1, 2, 4, 7),
    (0, 1, 2, 4, 7, 0, 2, 3, 6, 9),
    (0, 0, 1, 2, 4, 0, 0, 2, 3, 6),
    (0, 0, 2, 4, 7, 1, 1, 3, 6, 9),
    (0, 1, 2, 4, 7, 1, 2, 3, 6, 9),
    (0, 0, 1, 2, 4, 0, 1, 2, 3, 6),
    (0, 0, 1, 3, 6, 1, 1, 2, 5, 8),
    (0, 0, 2, 3, 6, 0, 1, 2, 5, 8),
    (0, 0, 1, 2, 4, 0, 0, 2, 4, 6),
    (0, 1, 2, 3, 4, 0, 1, 2, 4, 6),
    (0, 0, 0, 2, 4, 0, 1, 1, 3, 6),
    (0, 0, 0, 2, 5, 1, 1, 1, 4, 7),
    (0, 1, 3, 5, 7, 0, 2, 4, 6, 9),
    (0, 0, 1, 3, 5, 0, 0, 2, 4, 6),
    (0, 1, 2, 3, 5, 0, 1, 3, 4, 7),
    (0, 1, 2, 3, 5, 0, 1, 2, 4, 6),
    (0, 0, 1, 3, 4, 0, 0, 2, 3, 6),
    (0, 0, 1, 2, 4, 0, 1, 2, 4, 6),
    (0, 1, 2, 3, 6, 1, 2, 3, 5, 8),
    (0, 0, 1, 2, 5, 1, 1, 2, 4, 7),
    (0, 0, 0, 1, 4, 1, 1, 1, 3, 6),
    (0, 1, 2, 4, 6, 0, 1, 3, 5, 7),
)
IDS = (
    "eNrtGw170zZzbNAPXGsG0hDLRHnrlFA3y4prSOnHAmV0//8nvfchW7aiuI6XkHbN85TWkk73fafT"
    "2fzy7Nffnj97sbO79+vO/kvvt92XB/7zPc8XNPfidxjDX8/ffen5wd6BHxAYTe3vvfIDnPb817SP"
    "YPAfgPkBYcEdsOwH4tmbnd3Oi8P9ve7O254X7nY8X+51I0FTv7/D7bjhpRfhdoYhDK8Qg/AD2oHL"
    "OBIB7kU6rzVH+z0v2u/1I0UgkaIJ5tqLBEz4AS3jCFACBg0IT7RKMgzKTPiCRweagyCnHrCEiOR5"
    "xxv8D3nxQuVLkXMFOEPE7Est+ZvDo05356jnxSRHpxtLkvzwHQz3O91IImNdX5LkbxFPrzuUXiRD"
    "wTu8UHqh8CVpDQAjSbo7Pnzf645YNFwYKVTm4N2HOTkKTQotRyS0HMTX214/VL2TRHmxChXbxyvL"
    "9crIBWwEhRwAD1wxTuCKtQkQbCNgKFJaJ/BTZ619HMBfBT8RWwtH/SiIVA4YKfodKOKZYfrEc6SM"
    "hwAHkqgjRwHKEAmcKuD7ySngJAjEKV4Nmb/CKwo6KAdhx/3zPjLQuj1YpFvAWfg667KwSqGpoEpV"
    "zxmdIQ/kaJ1jUvdAkst1B+gEgDRE4dhIVXUT66EiIQBisS/SFPniEQ47XizRFxGGJsgXYxlL7YvI"
    "hgSMuAaAsZRuX6QJ8sVOF/wXo42WcdQdioi9GSWXCO4L6fBFGlF4hCgczsPTUEiyiwyVsHyRnnwZ"
    "ShyHEoNGGuUwHdjoip9jzfP7DxSBI9WN1Ih5xlF/NNZ+0400rpGYj7iBoNGHP5p7hSPChO0VQLDk"
    "FWyd3iRWvQlpKmZNwazqk9lRUyehShSv4pSlqTxG3G5koqJwI9Rl4FA3OwGSkTglLdZR3SaMEEk5"
    "O7AWYa3kuOiy60wWZYQAR/MEy1zClJUscgjFYyQzRwfmgmK/chhI80kG0jhhojBQNGegSlqldCRL"
    "iiNXAd1CiiMDwRRBOFhnMjBOFE6pCpKItQ/2Ho5z7c+nwqp0ZMOCbSLbIj0OnIFwsFQgILMOv+5a"
    "fm2QFDFYdcmgRuICxPJQ0oKVm/HpeGDiYSB1vs6dfcDph20Wss3KcbcgHnJ1h6xuSulrzelv/jzq"
    "nB1+7HXTo/NJnHXOYCFVNPHuU1nfvIz7hrgPAUl0BAeMjkCgEbGEI4nz8DRklSkJP+6cnisVGZWa"
    "oTjTdOBBriqnk5TvP/dHUzpvUjWakswfLnJH1fKGfA5h2hNW3HW+AEQE9kL+hhLctnwO5XEHJx9i"
    "x/2yVU5/e94PL3EeqIaZ0qHEkoTsR4jtBGL/CiWBLcNrIYvYlbBJNMjpRt0MA3LJnAk+ZKXLh410"
    "SGsFh+7xIgPRCA3ELNA8wI5xFTCMpsKRGJEWJcaRGlcTI/4uiwD7Wxz1kOEsx8GnP27WkOHuP7lF"
    "fYZDWe0Mtyh40SUnZH2ch6fCJeM5l6RSLsQFGKO/ZLyLXRJ+A4vwYPYTRAOXnD8KG6VV66CrplXy"
    "5GCpeDDpJ5eAIWStuikerCOUiLtrI+OECGwfDXQgPMWCyaLqooDYsPI5Nbya/QTRoGCaR8Krp7hK"
    "wt0jHYIEVbKqVXC59VwEV5VZhoGHUnAhxL+q4XX9J51+WmQc9G+qTHVw4SJvW0rdRgJWNzwRhFpM"
    "HOtgChIO9OF4bILkvrrWZSYOyqoCWZINlbyDZQ8ER0eg7YFASlwqN5sbt5WbXcSrp54rPQbLWbC0"
    "z5kz2bgNanjM98eQ7y/xN0zAQynfw4RV5lfy9iCvf0w8YNnFx4Rol+/LLokHpvZTQrm9F1QPZuL5"
    "z49/naVHf03iGYKcpTPi+eMnGPTOUqSUMs/nsHGSXseKhDuLM8aVSpby4+dJOiXeYI7vBZ8uKrEw"
    "rMQCkTyfJNnk67d4xgqLNX9D5k8zFM/0LpCUKE7JqK3OCaJK8wlQVbn26TaCFDLWL6wm31CSGO8F"
    "xqVB2zOnuu+7F8SqFBdkkJJ0rMU4y0rSgUpWcXHb5L3A4RZE9fNFqvrpdKSIm5PRNJnSKlK1HQc5"
    "vLipZvCKK4OrhJm5uJH2RYOzFJF8SW/jW0QCN1XIFVr7YG/M8e6LW+UspVtqisKSzYTc3L2AkJyf"
    "JBkhueQbcZZkWuIwy6rdrbBsLFAg51Pj+ie0Lbm6YrsRjeF1cUPOD3yJiMVq7gWueGAQXEb7yIrM"
    "+notG5wTlpmI80d56T7+d8GFEN8//51MkcqUOLz4kWtuPN8VGeGusXYB5Ak2iaUK1VzgvFCFp/HC"
    "QpWtVhSqxmpIdkNtBqwqG+Qko0pAf3P34KrKljd+sXxVSaZzV5WrOLGLnTQGiJneRWmL5+ChlB4R"
    "okF6NI7PqouLu2x8i/kmK9Mx6fHkK/zBvA1Ur2yyvG016fHea2X7Mtp5I3SV0Zxxg/Xle6v+qWhT"
    "b5NLuyTne+dVlQVq1FuyshHhcF9A+Max7Ttt+04N+04NJG4gjslOvA20YWnWIsvbVtN3upe42UFG"
    "0lZqYSbaF7gkUZs7X1r4bPV8WajEwq2B6unc+ULbNtCWLzqAsknqrFYWlI7zHmhxvhCgRrk+l7S0"
    "aVwSh7xNLSUQ9W/5LDCn6PCajtLiLGjTXq1xc31muVxBK/AJdmAH662Vaz86WEetzI6zvtLRegPt"
    "LB0bCOS6sdRUWsGqIqGCs64K08Gymla2KVmPuWS9JOD0Oy3Hs8u5khXn61rgjvJyYFoUVo6kZouu"
    "gsXqS9a5lEK3lzzdMNltC33bQn9ULXS3gWiCDAR/Z2fxLGVl4ggNNGPAGFHDVCpnDgPRCA10lmba"
    "qeApvdZCp1PbQPiEzpApGKcZkNGOkGo6scyQaRYB9qtFVLHLB39SRfPwVHT50rkWOj5d3NQcGkPX"
    "ocHqmPwzm/wDrLMQ8SyZoShfM5zKKtqPy9pHe5P2K9KBFmFbiQ46QiEs20xuroa3JGYyIDFtUzil"
    "5qMpf2kACgQkFdfnbcm3byoHoRa6dURgOCwbDy1b6KTu6vnEYeQ0k3FCkCuzzYT2f5zvp55yC71V"
    "OrEkxieQGNDCGJaB3LTyfgr0llxNVe4wJHGTnGRUCb9v7lyV+eJ8jxkHyhXr/RQjFqu5TxriX9Lb"
    "VN7Gt7cyN6ukWqkUJBjoVN43ej/luE/m7xZTth2HnZBPtIVuEccnIo7jJEPil9Y70iy5ykoWBIis"
    "5uOocD5g0Jt0yezK6cw0UDsFpq+UMRbxC+avvCs1N3RJnIjNttAb5Huzj7aQe0uHafK3sLLtfcTp"
    "5qyq7Svah36+8OX3AZwvVST09PcPIIPjZIp4p5Xz5cddxUHH933/MGI641Kgk44QsVhfv7Ji1nK/"
    "Eofjxv1KE3ilfqUVeCTJE3zJTo3D1ZQnLg9jTm/u7p5S43AN75zFShuHHAG1jcMHfRE1SMxWgIbC"
    "BBEghHIVLQYER3alRdtWU2m5EqnxFKJmclk84+owczNtVVow/IrDKyo5UZArtyQa5WYrrXZvx9bT"
    "+a17QVXT+dUF3usHX7I6WxQOz8hRylWmFF2y1r2V04ps/7WJ88RmCrVtfd3B336Rsv0iZftFyvaL"
    "lPV/kbIaC7a1hKuIMKiB6VOn2zkl0Sg3+0VKO4EsZEwk9/LVujnjDGoUqJ5oOf0zcpmrnG7sONUc"
    "iIKcLiinGeV/4tvf0ndUsnU15rqschVY/ritVE7ztpzsg08pTs+wUgpNapRqRYrkLwF1WWvdWYbX"
    "+uZiylrx+mensryMr4mS3MjbD/Ee/Yd4g8fRT2v8X6E31U/T0frg2zHO/ytY145pq8ia7m2DLkIQ"
    "/LS0Z9Ft0mnIU+RmP7t09Yx4X/ode0YFmvQ7o8Ke0eWCnhGtL/kp5+LezaD8mtNZLfB74rxVJTbT"
    "M1pwyHFntTgINY+B+D9poOYT"
)
