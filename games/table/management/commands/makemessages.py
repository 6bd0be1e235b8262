"""`makemessages` that also extracts the engines' messages: engines cannot import Django, so
they mark their player-facing templates with the no-op `N_("...")`
(`games.engines.base.N_`) and their plural pairs with `Nn_("...", "...")`
(`games.engines.sentences.Nn_`); the table translates them when it shows a refusal or a log
sentence."""

from django.core.management.commands.makemessages import Command as MakeMessagesCommand


class Command(MakeMessagesCommand):
    xgettext_options = [*MakeMessagesCommand.xgettext_options, "--keyword=N_", "--keyword=Nn_:1,2"]
