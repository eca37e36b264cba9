"""Append-only game logs (DESIGN §3 "Cost"): ``Game.log`` becomes ``Game.log_base`` (same
column ``log``) plus one ``LogEntry`` row per later entry; ``Game.log_length`` counts the
entries (filled here from the stored logs)."""

from django.db import migrations, models
import django.db.models.deletion


def count_entries(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.only("pk", "log_base").iterator():
        Game.objects.filter(pk=game.pk).update(log_length=len((game.log_base or {}).get("entries") or ()))


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0004_presence'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField(model_name='game', old_name='log', new_name='log_base'),
                migrations.AlterField(model_name='game', name='log_base',
                                      field=models.JSONField(db_column='log', default=dict)),
            ],
        ),
        migrations.AddField(
            model_name='game',
            name='log_length',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.CreateModel(
            name='LogEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('index', models.PositiveIntegerField()),
                ('entry', models.JSONField()),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='log_entries',
                                           to='games.game')),
            ],
            options={'ordering': ['game', 'index']},
        ),
        migrations.AddConstraint(
            model_name='logentry',
            constraint=models.UniqueConstraint(fields=('game', 'index'), name='games_logentry_unique_index'),
        ),
        migrations.RunPython(count_entries, migrations.RunPython.noop),
    ]
