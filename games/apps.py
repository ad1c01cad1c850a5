from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from games.models import RuleVersion
        from games.services.defined_wagers import side_wager_titles_forget

        post_save.connect(side_wager_titles_forget, sender=RuleVersion,
                          dispatch_uid="side_wager_titles_forget")  # fmt: skip
