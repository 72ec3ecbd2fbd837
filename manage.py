#!/usr/bin/env python
import os
import sys

DEVELOPMENT_HINT = (
    "Settings come from the environment (.env.example lists them); "
    "on a development machine put DEBUG=1 before the command."
)


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        settings.INSTALLED_APPS  # noqa: B018  loads the settings: a bad variable is named here
    except ImproperlyConfigured as exc:
        sys.exit(f"manage.py: {exc}\n{DEVELOPMENT_HINT}")
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
