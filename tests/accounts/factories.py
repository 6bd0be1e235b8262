import factory
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")

    @factory.post_generation
    def password(user, create, extracted, **kwargs):
        user.set_password(extracted or "correct-horse-battery-staple")
        if create:
            user.save(update_fields=["password"])

    @factory.post_generation
    def email_verified(user, create, extracted, **kwargs):
        if create and user.email:
            EmailAddress.objects.update_or_create(
                user=user,
                email=user.email,
                defaults={"verified": extracted is not False, "primary": True},
            )
